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
import { authFailureSweepJob } from '../modules/auth/failureSweep';
import { reportSweepJob } from '../modules/dashboards/reports/sweep';
import { expireCommands } from '../modules/iotManager/commands/expireCommands';
import { DEMO_ADMIN, DEMO_ORG, seedDemoIfEmpty } from '../seed/demo';
import { completeDemo, DEMO_SEEDERS } from '../seed/demo/index';
import { startDemoPlant } from '../seed/demoPlant';
import { RETENTION_JOB, retentionJob } from '../telemetry/retention';
import { TelemetryWriter } from '../telemetry/writer';
import { TelemetryWriterThread } from '../telemetry/writerThread/client';
import { type DatabaseHandle, openDatabase, targetFromConfig } from './db/database';
import { migrateToLatest } from './db/migrate';
import { refreshStatistics } from './db/statistics';
import { buildApp } from './http/app';
import type { AppDeps } from './http/deps';
import { createLogger } from './http/logging';
import { JobQueue } from './jobs/jobQueue';
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
  /** Durable jobs on the platform database: cron chores and delayed work that run once across nodes. */
  jobs: JobQueue;
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
  let jobs: JobQueue | null = null;
  try {
    await migrateToLatest(database.db);
    jobs = await JobQueue.start(database.db, log);
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
    // The status sweep also times out commands nobody acknowledged (and the rollouts they carried): it
    // needs seconds, and its conditional update is safe on every node. Chores that need minutes or hours
    // are cron jobs, run by one node per tick.
    transports = await startDeviceTransports(deps, (now) => expireCommands(deps.db, deps.realtime, now));
    await defineChores(jobs, deps);
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
    const runningJobs = jobs;
    let stopping: Promise<void> | null = null;
    return {
      app: running,
      deps,
      transports: runningTransports,
      jobs: runningJobs,
      stop: () => {
        stopping ??= (async () => {
          // Devices first, so everything they sent before the stop is written before the database closes.
          await (await plant)?.stop();
          await runningTransports.close();
          await runningSockets.close();
          await running.close();
          // Runs in flight finish (or are failed for a retry elsewhere) while the database is still open.
          await runningJobs.stop();
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
    await jobs?.stop();
    await database.close();
    throw error;
  }
}

/**
 * Report files every five minutes; telemetry retention hourly (then, on PGlite, planner statistics:
 * PGlite analyzes no table by itself, statistics.ts; PostgreSQL's autovacuum does); the sign-in and mail
 * counts the throttles no longer read, hourly.
 */
async function defineChores(jobs: JobQueue, deps: AppDeps): Promise<void> {
  const pglite = deps.engine === 'pglite';
  await jobs.define(reportSweepJob(deps));
  await jobs.define(
    retentionJob(deps, pglite ? () => refreshStatistics(deps.db).then(() => undefined) : undefined),
  );
  await jobs.define(authFailureSweepJob(deps));
  // PGlite is one node: its tables are analyzed (and old telemetry deleted) soon after a start, not only
  // at the next hour's tick.
  if (pglite) await jobs.send(RETENTION_JOB, {});
}

/** This process's own address, for in-process clients (PUBLIC_URL may be a proxy in front of it). */
function localUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return `http://127.0.0.1`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
