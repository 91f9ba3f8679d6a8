/** Starts and stops the whole platform: config → database → HTTP (→ broker and workers as they land). */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { DeviceLinkHub } from '../ingest/deviceLink';
import { GatewayLogSink } from '../ingest/gatewayLogSink';
import { DEMO_ADMIN, DEMO_ORG, seedDemoIfEmpty } from '../seed/demo';
import { type DatabaseHandle, openDatabase, targetFromConfig } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import type { AppDeps } from './http/deps';
import { createLogger } from './http/logging';
import { Mailer } from './mail/mailer';
import { RealtimeHub } from './realtime/realtimeHub';
import { JwtService } from './security/jwt';
import { resolveSecret } from './security/secret';

export interface RunningPlatform {
  app: FastifyInstance;
  deps: AppDeps;
  /** Stops accepting work, finishes what is in flight, then closes the mailer and the database. */
  stop(): Promise<void>;
}

/** Builds the dependencies on an open, migrated database. */
export async function createDeps(config: Config, database: DatabaseHandle, log: Logger): Promise<AppDeps> {
  const secret = await resolveSecret(config.secret, config.dataDir);
  const realtime = new RealtimeHub();
  return {
    config,
    db: database.db,
    engine: database.engine,
    jwt: new JwtService(secret),
    mailer: new Mailer(database.db, log, config.smtpUrl),
    log,
    realtime,
    gatewayLogs: new GatewayLogSink(database.db, realtime, log),
    deviceLink: new DeviceLinkHub(),
  };
}

/** Opens everything the configuration names and listens on its port. */
export async function startPlatform(
  config: Config,
  log: Logger = createLogger(config.logLevel),
): Promise<RunningPlatform> {
  const database = await openDatabase(targetFromConfig(config));
  let app: FastifyInstance | null = null;
  try {
    await migrateToLatest(database.db);
    const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;
    const deps = await createDeps(config, database, log);
    app = await buildApp(deps);
    await app.listen({ port: config.port, host: config.host });
    log.info({ engine: database.engine, url: config.publicUrl }, 'Ferrite is ready');
    if (seeded) {
      log.info(
        `Demo organization "${DEMO_ORG.name}" created. Sign in at ${config.publicUrl} as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      );
      // A plain banner too: a JSON log line is easy to miss for someone starting Ferrite for the first time.
      process.stdout.write(
        `\n  Ferrite is running at ${config.publicUrl}\n  Sign in as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (organization "${DEMO_ORG.name}")\n\n`,
      );
    }
    const running = app;
    let stopping: Promise<void> | null = null;
    return {
      app: running,
      deps,
      stop: () => {
        stopping ??= (async () => {
          await running.close();
          deps.mailer.close();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
}
