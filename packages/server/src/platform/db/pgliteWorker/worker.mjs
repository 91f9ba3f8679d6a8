/**
 * Hosts PGlite on a worker thread, so a query never blocks the main event loop. Plain JavaScript
 * importing only PGlite: it runs the same under tsx, vitest and plain node, with no loader.
 * Requests (see protocol.ts) are handled strictly one after another, in arrival order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Copies an error's own fields; the query parameters stay behind (the caller still has them). */
function serializeError(error) {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields = { message: String(error.message), name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'queryOptions') continue;
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/**
 * PGlite runs postgres with fsync off (`-F` in its default start parameters): what a write stored
 * survives a killed process, not a power cut. Zero-filling each new 16 MB WAL segment and full-page
 * images in the WAL guard only against the latter, so they are off too: every telemetry write paid
 * for them (bench:ingest on PGlite: see bench/README.md).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off', '-c', 'full_page_writes=off'];

async function open(init) {
  const options = { startParams: START_PARAMS };
  if (init.dataDir) return PGlite.create(init.dataDir, options);
  if (init.loadDataDir) return PGlite.create({ ...options, loadDataDir: new Blob([init.loadDataDir]) });
  return PGlite.create(options);
}

async function handle(pg, request) {
  switch (request.op) {
    case 'query': {
      const options = request.blob ? { blob: new Blob([request.blob]) } : undefined;
      const { rows, fields, command, affectedRows, rowCount } = await pg.query(
        request.sql,
        request.params,
        options,
      );
      return { result: { rows, fields, command, affectedRows, rowCount } };
    }
    case 'exec': {
      const results = await pg.exec(request.sql);
      const last = results.at(-1);
      return {
        result: {
          rows: last?.rows ?? [],
          fields: last?.fields ?? [],
          affectedRows: last?.affectedRows,
        },
      };
    }
    case 'dump': {
      const buffer = await (await pg.dumpDataDir('none')).arrayBuffer();
      return { result: buffer, transfer: [buffer] };
    }
    case 'close':
      if (!pg.closed) await pg.close();
      return { result: null };
    default:
      throw new Error(`Unknown PGlite worker request: ${request.op}`);
  }
}

let pg;
try {
  pg = await open(workerData ?? {});
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: serializeError(error) });
}

if (pg) {
  let queue = Promise.resolve();
  parentPort.on('message', (request) => {
    queue = queue.then(async () => {
      try {
        const { result, transfer } = await handle(pg, request);
        parentPort.postMessage({ type: 'result', id: request.id, result }, transfer);
      } catch (error) {
        parentPort.postMessage({ type: 'error', id: request.id, error: serializeError(error) });
      }
      if (request.op === 'close') parentPort.close();
    });
  });
}
