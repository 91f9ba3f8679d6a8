/** Starts and stops the whole platform: config → database → HTTP (→ broker and workers as they land). */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createDeviceServices, type DeviceTransports, startDeviceTransports } from '../modules/iotManager';
import { type Cluster, openCluster, singleNode } from '../platform/cluster';
import { type ClusterLease, holdClusterLock, startClusterLease } from '../platform/db/clusterLock';
import { type DatabaseHandle, openDatabase, targetFromConfig } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import type { AppDeps } from '../platform/http/deps';
import { createLogger } from '../platform/http/logging';
import { JobQueue } from '../platform/jobs/jobQueue';
import { Readiness } from '../platform/lifecycle/readiness';
import { Mailer } from '../platform/mail/mailer';
import { Metrics } from '../platform/metrics/metrics';
import type { ServerModule, Started } from '../platform/module';
import { RealtimeHub } from '../platform/realtime/realtimeHub';
import {
  attachSocketServer,
  type RunningSocketServer,
  type SocketAccess,
} from '../platform/realtime/socketServer';
import { JwtService } from '../platform/security/jwt';
import { resolveSecret } from '../platform/security/secret';
import { openBlobStore } from '../platform/storage/openBlobStore';
import { DEMO_ADMIN, DEMO_ORG, seedDemoIfEmpty } from '../seed/demo';
import { completeDemo, DEMO_SEEDERS } from '../seed/demo/index';
import { startDemoPlant } from '../seed/demoPlant';
import { buildApp } from './httpApp';
import { SERVER_MODULES, type ServerDeps } from './modules';

export interface RunningPlatform {
  app: FastifyInstance;
  deps: ServerDeps;
  transports: DeviceTransports;
  /** Durable jobs on the platform database: cron chores and delayed work that run once across nodes. */
  jobs: JobQueue;
  /**
   * Drains, then stops: not ready at once (a balancer stops sending), `drainNoticeMs` later the device
   * transports hand their share over, in-flight HTTP requests and jobs finish, then the mailer and the
   * database close. main.ts bounds the whole by DRAIN_TIMEOUT_MS.
   */
  stop(): Promise<void>;
}

/**
 * Builds the platform's services and the device services on an open, migrated database; the device
 * services get every module's telemetry subscriber. `cluster`: what the nodes share (startPlatform
 * opens it; tests and tools are one process on their own).
 */
export async function createDeps(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
  jobs: JobQueue,
  modules: readonly ServerModule<ServerDeps>[] = SERVER_MODULES,
  cluster: Cluster = singleNode(log),
): Promise<ServerDeps> {
  // On PostgreSQL the generated secret is kept in the database, the same for every node.
  const secret = await resolveSecret(
    config.secret,
    config.dataDir,
    database.engine === 'postgres' ? database.db : undefined,
  );
  const platform: AppDeps = {
    config,
    db: database.db,
    engine: database.engine,
    jwt: new JwtService(secret),
    mailer: new Mailer(database.db, log, config.smtpUrl),
    log,
    realtime: new RealtimeHub(),
    blobs: await openBlobStore(config, database, secret, log),
    jobs,
    bus: cluster.bus,
    redis: cluster.redis,
    readiness: new Readiness(),
    metrics: new Metrics({ processDefaults: true }),
  };
  platform.metrics.readJobsFrom(() => jobs.runCounts());
  // Subscribers are built on the platform's services alone: the device services do not exist yet.
  const subscribers = modules.flatMap((module) =>
    module.onTelemetry ? [module.onTelemetry(platform as ServerDeps)] : [],
  );
  return { ...platform, ...createDeviceServices(platform, { databaseUrl: database.url, subscribers }) };
}

/** The socket rooms and guests every module declares. */
export function socketAccessOf(
  modules: readonly ServerModule<ServerDeps>[] = SERVER_MODULES,
): SocketAccess<ServerDeps> {
  return {
    rooms: Object.assign({}, ...modules.map((module) => module.socketRooms ?? {})),
    guests: modules.flatMap((module) => (module.socketGuests ? [module.socketGuests] : [])),
  };
}

/** Opens everything the configuration names and listens on its port. */
export async function startPlatform(
  config: Config,
  log: Logger = createLogger(config.logLevel, undefined, config.logFormat),
  modules: readonly ServerModule<ServerDeps>[] = SERVER_MODULES,
): Promise<RunningPlatform> {
  const database = await openDatabase(targetFromConfig(config));
  let app: FastifyInstance | null = null;
  let sockets: RunningSocketServer | null = null;
  let transports: DeviceTransports | null = null;
  let jobs: JobQueue | null = null;
  let cluster: Awaited<ReturnType<typeof openCluster>> | null = null;
  const started: Started[] = [];
  // Migrations and the demo, once across nodes: a node starting beside another waits, then finds them done.
  const startup = await holdClusterLock(database, 'startup').catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  try {
    await migrateToLatest(database.db);
    jobs = await JobQueue.start(database.db, log, config.nodeId ? { node: config.nodeId } : {});
    const seeded = config.seedDemo
      ? await seedDemoIfEmpty(
          database.db,
          DEMO_SEEDERS.map((seeder) => seeder.key),
        )
      : false;
    cluster = await openCluster(database, config.redisUrl, log);
    const deps = await createDeps(config, database, log, jobs, modules, cluster);
    // Without the demo nothing further is made once for all: the next node need not wait for this one.
    if (!config.seedDemo) await startup.release();
    app = await buildApp(deps, modules);
    sockets = await attachSocketServer(app, deps, socketAccessOf(modules));
    // The apps' demo content goes in through the app's own routes, before anyone can connect; a start
    // killed before it finished is completed now.
    const demoSeeded = config.seedDemo ? await completeDemo(database.db, app, seeded, log) : false;
    await startup.release();
    await app.listen({ port: config.port, host: config.host });
    transports = await startDeviceTransports(deps);
    // The external broker answers while a session of the subscriber is connected (each reconnects).
    const brokerConnected = transports.brokerConnected;
    if (brokerConnected) deps.readiness.register('mqtt', brokerConnected);
    for (const module of modules) for (const job of module.jobs?.(deps) ?? []) await jobs.define(job);
    for (const module of modules) {
      const running = await module.start?.(deps);
      if (running) started.push(running);
    }
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
    // One node of a cluster runs it (each start reissues the gateways' tokens); another takes it over
    // within seconds of that node's end.
    const plantEndpoints = {
      url: localUrl(app),
      mqttUrl: transports.mqttPort ? `mqtt://127.0.0.1:${transports.mqttPort}` : undefined,
      coapUrl: transports.coapPort ? `coap://127.0.0.1:${transports.coapPort}` : undefined,
    };
    const plant: ClusterLease | null = config.demoPlant
      ? startClusterLease(database, 'demo-plant', log, () => startDemoPlant(plantEndpoints, log))
      : null;
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
    const runningCluster = cluster;
    let stopping: Promise<void> | null = null;
    return {
      app: running,
      deps,
      transports: runningTransports,
      jobs: runningJobs,
      stop: () => {
        stopping ??= (async () => {
          // Not ready first, so a balancer stops sending; everything still answers meanwhile.
          deps.readiness.startDraining();
          log.info({ noticeMs: config.drainNoticeMs }, 'draining: /api/ready answers 503');
          if (config.drainNoticeMs > 0) await new Promise((done) => setTimeout(done, config.drainNoticeMs));
          // Devices next (the MQTT share goes to the other nodes), so everything they sent before the
          // stop is written before the database closes.
          await plant?.stop();
          await runningTransports.stopListening();
          for (const running of started.reverse()) await running.stop();
          // socket.io closes the HTTP server too: no new connection, and in-flight requests finish.
          await runningSockets.close();
          await running.close();
          // HTTP devices' requests have their answers: now what ingest holds is written.
          await runningTransports.close();
          // Runs in flight finish (or are failed for a retry elsewhere) while the database is still open.
          await runningJobs.stop();
          deps.mailer.close();
          deps.blobs.close?.();
          await runningCluster.close();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await startup.release();
    await transports?.close();
    for (const running of started.reverse()) await running.stop();
    await sockets?.close();
    await app?.close();
    await jobs?.stop();
    await cluster?.close();
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
