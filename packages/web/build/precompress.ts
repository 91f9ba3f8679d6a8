/**
 * Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) twin beside every text asset,
 * so the server hands browsers the compressed bytes without compressing on each request
 * (@fastify/static's `preCompressed`). Source maps are left alone: only developers fetch them.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Types worth compressing; images other than SVG, fonts in woff2 and the like already are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|xml)$/;
/** Below this a compressed twin saves less than its own request headers. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `file.br` and `file.gz` when each is smaller than the file. */
async function precompressFile(path: string): Promise<void> {
  const content = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < content.length) await writeFile(`${path}.gz`, gzipped);
}

/** The build step that precompresses the output directory once every bundle is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ferrite-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const files = await filesUnder(outDir);
      const wanted = [];
      for (const file of files) {
        if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) wanted.push(file);
      }
      await Promise.all(wanted.map(precompressFile));
    },
  };
}
