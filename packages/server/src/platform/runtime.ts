/** Starts and stops the whole platform: config → database → HTTP (→ broker and workers as they land). */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { DeviceCommands } from '../ingest/deviceCommands';
import { DeviceLinkHub } from '../ingest/deviceLink';
import { type DeviceTransports, startDeviceTransports } from '../ingest/deviceTransports';
import { GatewayLogSink } from '../ingest/gatewayLogSink';
import { IngestService } from '../ingest/ingestService';
import { authFailureSweeper } from '../modules/auth/failureSweep';
import { reportSweeper } from '../modules/dashboards/reports/sweep';
import { expireCommands } from '../modules/iotManager/commands/expireCommands';
import { DEMO_ADMIN, DEMO_ORG, seedDemoIfEmpty } from '../seed/demo';
import { completeDemo, DEMO_SEEDERS } from '../seed/demo/index';
import { startDemoPlant } from '../seed/demoPlant';
import { retentionSweeper } from '../telemetry/retention';
import { TelemetryWriter } from '../telemetry/writer';
import { TelemetryWriterThread } from '../telemetry/writerThread/client';
import { type DatabaseHandle, openDatabase, targetFromConfig } from './db/database';
import { migrateToLatest } from './db/migrate';
import { statisticsRefresher } from './db/statistics';
import { buildApp } from './http/app';
import type { AppDeps } from './http/deps';
import { createLogger } from './http/logging';
import { Mailer } from './mail/mailer';
import { RealtimeHub } from './realtime/realtimeHub';
import { attachSocketServer, type RunningSocketServer } from './realtime/socketServer';
import { JwtService } from './security/jwt';
import { resolveSecret } from './security/secret';
import { LocalBlobStore } from './storage/localBlobStore';

export interface RunningPlatform {
  app: FastifyInstance;
  deps: AppDeps;
  transports: DeviceTransports;
  /** Stops accepting work, finishes what is in flight, then closes the mailer and the database. */
  stop(): Promise<void>;
}

/** Builds the dependencies on an open, migrated database. */
export async function createDeps(config: Config, database: DatabaseHandle, log: Logger): Promise<AppDeps> {
  const secret = await resolveSecret(config.secret, config.dataDir);
  const realtime = new RealtimeHub();
  const gatewayLogs = new GatewayLogSink(database.db, realtime, log);
  const deviceLink = new DeviceLinkHub();
  // PostgreSQL: batches are written in a thread of their own with its own pool, off the event loop.
  const here = new TelemetryWriter(database.db);
  const writer = database.url ? new TelemetryWriterThread(database.url, here, log) : here;
  const ingest = new IngestService({
    db: database.db,
    writer,
    gatewayLogs,
    realtime,
    deviceLink,
    log,
    liveValuesMs: config.liveValuesMs,
    ...(config.nodeId ? { nodeName: config.nodeId } : {}),
  });
  return {
    config,
    db: database.db,
    engine: database.engine,
    jwt: new JwtService(secret),
    mailer: new Mailer(database.db, log, config.smtpUrl),
    log,
    realtime,
    gatewayLogs,
    deviceLink,
    ingest,
    deviceCommands: new DeviceCommands(database.db, realtime, ingest),
    blobs: new LocalBlobStore(resolve(config.dataDir, 'blobs'), secret),
  };
}

/** Opens everything the configuration names and listens on its port. */
export async function startPlatform(
  config: Config,
  log: Logger = createLogger(config.logLevel, undefined, config.logFormat),
): Promise<RunningPlatform> {
  const database = await openDatabase(targetFromConfig(config));
  let app: FastifyInstance | null = null;
  let sockets: RunningSocketServer | null = null;
  let transports: DeviceTransports | null = null;
  try {
    await migrateToLatest(database.db);
    const seeded = config.seedDemo
      ? await seedDemoIfEmpty(
          database.db,
          DEMO_SEEDERS.map((seeder) => seeder.key),
        )
      : false;
    const deps = await createDeps(config, database, log);
    app = await buildApp(deps);
    sockets = await attachSocketServer(app, deps);
    // The apps' demo content goes in through the app's own routes, before anyone can connect; a start
    // killed before it finished is completed now.
    const demoSeeded = config.seedDemo ? await completeDemo(database.db, app, seeded, log) : false;
    await app.listen({ port: config.port, host: config.host });
    // Each status sweep also times out commands nobody acknowledged (and the rollouts they carried),
    // every few minutes deletes the files of dashboard reports whose links expired, and every hour
    // deletes telemetry past each organization's retention (then, on PGlite, refreshes statistics) and
    // the sign-in and mail counts the throttles no longer read.
    const sweepReports = reportSweeper(deps);
    const sweepRetention = retentionSweeper(deps);
    const sweepAuthFailures = authFailureSweeper(deps);
    // PGlite analyzes no table by itself (statistics.ts); PostgreSQL's autovacuum does.
    const refreshStatistics = deps.engine === 'pglite' ? statisticsRefresher(deps) : async () => undefined;
    transports = await startDeviceTransports(deps, (now) =>
      Promise.all([
        expireCommands(deps.db, deps.realtime, now),
        sweepReports(now),
        sweepRetention(now).then(() => refreshStatistics(now)),
        sweepAuthFailures(now),
      ]),
    );
    log.info(
      {
        engine: database.engine,
        url: config.publicUrl,
        mqttPort: transports.mqttPort,
        coapPort: transports.coapPort,
      },
      'Ferrite is ready',
    );
    // In the background: the plant signs in and provisions through the API, which takes a few seconds.
    const plant = config.demoPlant
      ? startDemoPlant(
          {
            url: localUrl(app),
            mqttUrl: transports.mqttPort ? `mqtt://127.0.0.1:${transports.mqttPort}` : undefined,
            coapUrl: transports.coapPort ? `coap://127.0.0.1:${transports.coapPort}` : undefined,
          },
          log,
        )
      : Promise.resolve(null);
    if (demoSeeded) {
      // The terminal gets the banner below; a JSON collector gets the same news as a line of its own.
      if (config.logFormat === 'json') {
        log.info(
          `Demo organization "${DEMO_ORG.name}" created. Sign in at ${config.publicUrl} as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
        );
      }
      // A plain banner too: a JSON log line is easy to miss for someone starting Ferrite for the first time.
      process.stdout.write(
        `\n  Ferrite is running at ${config.publicUrl}\n  Sign in as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (organization "${DEMO_ORG.name}")\n\n`,
      );
    }
    const running = app;
    const runningTransports = transports;
    const runningSockets = sockets;
    let stopping: Promise<void> | null = null;
    return {
      app: running,
      deps,
      transports: runningTransports,
      stop: () => {
        stopping ??= (async () => {
          // Devices first, so everything they sent before the stop is written before the database closes.
          await (await plant)?.stop();
          await runningTransports.close();
          await runningSockets.close();
          await running.close();
          deps.mailer.close();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await transports?.close();
    await sockets?.close();
    await app?.close();
    await database.close();
    throw error;
  }
}

/** This process's own address, for in-process clients (PUBLIC_URL may be a proxy in front of it). */
function localUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return `http://127.0.0.1`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
