/**
 * bench:ingest set-up: the real platform (runtime.ts: HTTP app, embedded Aedes broker, CoAP, sweeper)
 * on a free port, over PGlite in an on-disk temp directory or a throwaway PostgreSQL database, and a
 * fleet of gateways created through the HTTP API like a user would: a sensor type, an asset, sensors,
 * gateways and one mapping per sensor parameter.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Entity,
  EntityType,
  GatewayWithToken,
  ListProjectsResponse,
  OrgSignInResponse,
  SignInResponse,
} from '@ferrite/contracts';
import pg from 'pg';
import { type RunningPlatform, startPlatform } from '../packages/server/src/app/runtime';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase, targetFromConfig } from '../packages/server/src/platform/db/database';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createLogger } from '../packages/server/src/platform/http/logging';
import { DEMO_ADMIN, seedDemoIfEmpty } from '../packages/server/src/seed/demo';
import { FerriteApi, PARAMETER_CATALOGUE } from '../packages/simulator/src/index';

export type Engine = 'pglite' | 'postgres';

export interface BenchServer {
  platform: RunningPlatform;
  /** http://127.0.0.1:<port> */
  url: string;
  mqttUrl: string;
  /** Stops the platform and removes its data (directory or database). */
  close(): Promise<void>;
}

/** The PostgreSQL server to use (TEST_DATABASE_URL or the local one), or null when none answers. */
export async function postgresServer(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Drops the database once the pool's connections are gone: pg-pool's end() does not wait for them to
 * close, and dropping `with (force)` at once would kill them mid-goodbye (the pool logs an error).
 */
async function dropWhenClosed(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      await adminQuery(serverUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      // 55006: still in use.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

/**
 * Starts the whole platform on the engine; PostgreSQL gets a new database, dropped by close(). `env`
 * overrides the configuration (e.g. WEB_DIST_DIR to serve the built web app, LIVE_VALUES_MS).
 */
export async function startBenchServer(
  engine: Engine,
  serverUrl: string | null,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ferrite-bench-ingest-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const name = `ferrite_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(serverUrl as string, `create database ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => dropWhenClosed(serverUrl as string, name);
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: '0',
    COAP_PORT: '0',
    SEED_DEMO: '1',
    // Nothing but the benchmark's own devices (demo mode would start a simulated plant).
    DEMO_PLANT: '0',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  let platform: RunningPlatform;
  try {
    // Seeded first, so the platform starts on an existing demo and prints no welcome banner.
    const database = await openDatabase(targetFromConfig(config));
    try {
      await migrateToLatest(database.db);
      await seedDemoIfEmpty(database.db);
    } finally {
      await database.close();
    }
    platform = await startPlatform(config, createLogger('error'));
  } catch (error) {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = platform.app.server.address() as AddressInfo;
  return {
    platform,
    url: `http://127.0.0.1:${port}`,
    mqttUrl: `mqtt://127.0.0.1:${platform.transports.mqttPort}`,
    close: async () => {
      await platform.stop();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A provisioned gateway: its MQTT identity and token, and the payload keys of its sensors. */
export interface BenchGateway {
  uuid: string;
  topic: string;
  clientId: string;
  username: string;
  token: string;
  /** Payload field of each sensor (`s01` …), mapped as `<field>.<param>`. */
  sensorFields: string[];
  sensorIds: string[];
}

export interface BenchFleet {
  api: FerriteApi;
  accessToken: string;
  orgId: string;
  projectId: string;
  params: string[];
  gateways: BenchGateway[];
}

/** Runs `work` over the items, `limit` at a time. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

/**
 * Signs in as the demo admin (email, password, then its organization) and creates, in the demo project, `gateways` MQTT gateways, each feeding
 * `sensors` sensors of `params` parameters (one mapping per sensor parameter), all through the API.
 */
export async function provisionBenchFleet(
  url: string,
  shape: { gateways: number; sensors: number; params: number },
): Promise<BenchFleet> {
  const anonymous = new FerriteApi(url);
  const user = await anonymous.post<SignInResponse>('/sign-in', {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  const orgId = user.orgs[0]?.id;
  if (!orgId) throw new Error('The demo admin belongs to no organization');
  const { access_token: accessToken } = await anonymous.post<OrgSignInResponse>(
    `/orgs/${orgId}/sign-in`,
    undefined,
    { 'auth-token': user.auth_token },
  );
  const api = new FerriteApi(url, accessToken);
  const em = `/entity_mgmt/orgs/${orgId}`;
  const iot = `/iot_mgmt/orgs/${orgId}`;
  const { projects } = await api.get<ListProjectsResponse>(`${em}/projects?page_size=200`);
  const projectId = projects[0]?.id;
  if (!projectId) throw new Error('The demo organization has no project');
  const profiles = PARAMETER_CATALOGUE.slice(0, shape.params);
  if (profiles.length < shape.params) throw new Error(`At most ${PARAMETER_CATALOGUE.length} parameters`);
  const params = profiles.map((p) => p.key);

  const sensorType = await api.post<EntityType>(`${em}/sensor_types`, {
    name: 'Bench probe',
    description: 'bench:ingest',
    parent_type_id: null,
    metadata_fields: [],
    properties: [],
    parameters: profiles.map((p) => ({ key: p.key, data_type: 'number', unit: p.unit })),
  });
  const assetType = await api.post<EntityType>(`${em}/asset_types`, { name: 'Bench line' });
  const asset = await api.post<Entity>(`${em}/projects/${projectId}/assets`, {
    name: 'Bench line',
    type_id: assetType.id,
  });
  const sensorFields = Array.from({ length: shape.sensors }, (_, s) => `s${String(s + 1).padStart(2, '0')}`);

  const gateways = await inParallel(
    Array.from({ length: shape.gateways }, (_, g) => g),
    4,
    async (g): Promise<BenchGateway> => {
      const sensors = await inParallel(sensorFields, 2, (field) =>
        api.post<Entity>(`${em}/projects/${projectId}/sensors`, {
          name: `Bench gateway ${g + 1} ${field}`,
          type_id: sensorType.id,
          parent_id: asset.id,
        }),
      );
      const created = await api.post<GatewayWithToken>(`${iot}/projects/${projectId}/gateways`, {
        name: `Bench gateway ${g + 1}`,
        type: 'MQTT',
        protocol: 'MQTT',
        heartbeat_timeout_s: 300,
        timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
      });
      const mappings = sensors.flatMap((sensor, s) =>
        params.map((param) => ({
          json_path: `${sensorFields[s]}.${param}`,
          sensor_id: sensor.id,
          param_key: param,
        })),
      );
      await inParallel(mappings, 2, (body) =>
        api.post(`${iot}/gateways/${created.gateway.uuid}/mappings`, body),
      );
      return {
        uuid: created.gateway.uuid,
        topic: created.gateway.topic,
        clientId: created.gateway.client_id,
        username: created.gateway.username,
        token: created.access_token,
        sensorFields,
        sensorIds: sensors.map((sensor) => sensor.id),
      };
    },
  );
  return { api, accessToken, orgId, projectId, params, gateways };
}
