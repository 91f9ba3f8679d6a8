/**
 * The services node kinds use (engine/services.ts), on the module's deps: sensors from the Entity
 * Manager's directory (memory first), window buckets and per-key state in the database (one statement per
 * batch, arithmetic on conflict, claims by `delete … returning` or a conditional upsert, so several
 * nodes of a cluster agree), and the sinks through the other modules' front doors: durable telemetry
 * through ingest, alerts through Alerts' raiseAlert, commands through the IoT Manager's dispatch,
 * webhooks past the outbound address guard, e-mail through the mailer and SMS through Alerts' messaging.
 */
import { randomUUID } from 'node:crypto';
import { brandForHost } from '@ferrite/contracts';
import { sql } from 'kysely';
import type { WebhookNetworks } from '../../../platform/http/outboundAddress';
import { OutboundPostError, postOutbound } from '../../../platform/http/outboundPost';
import type { PointRun } from '../../../telemetry/pointRuns';
import { raiseAlert, sendTextMessage } from '../../alerts';
import { SensorDirectory } from '../../entityManager';
import { CommandRepository, type DeviceDeps, dispatchCommand } from '../../iotManager';
import { runInSandbox } from '../engine/sandbox';
import type { BucketAddition, ClaimedBucket, StreamSensor, StreamServices } from '../engine/services';

const CACHE_TTL_MS = 60_000;
const WEBHOOK_TIMEOUT_MS = 10_000;
const COMMAND_TIMEOUT_MS = 300_000;

/** A small cache of lookups by key, each kept for a minute. */
class TtlCache<V> {
  private readonly held = new Map<string, { at: number; value: Promise<V> }>();
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.held.get(key);
    if (entry && now - entry.at < CACHE_TTL_MS) return entry.value;
    if (this.held.size > 10_000) this.held.clear();
    const value = load();
    this.held.set(key, { at: now, value });
    value.catch(() => this.held.delete(key));
    return value;
  }
}

interface BucketRow {
  group_key: string;
  bucket_start: string | number;
  count: string | number;
  sum: number;
  min: number;
  max: number;
  first_ts: number;
  first_value: number;
  last_ts: number;
  last_value: number;
  sample: { sensor_id: string | null; key: string } | string;
}

function bucketOf(row: BucketRow): ClaimedBucket {
  return {
    groupKey: row.group_key,
    bucketStart: Number(row.bucket_start),
    count: Number(row.count),
    sum: Number(row.sum),
    min: Number(row.min),
    max: Number(row.max),
    firstTs: Number(row.first_ts),
    firstValue: Number(row.first_value),
    lastTs: Number(row.last_ts),
    lastValue: Number(row.last_value),
    sample: typeof row.sample === 'string' ? JSON.parse(row.sample) : row.sample,
  };
}

const BUCKET_COLUMNS = sql`group_key, bucket_start, count, sum, min, max, first_ts, first_value, last_ts, last_value, sample`;

/** POSTs JSON once; answers the status. The address is checked as the connection is made. */
async function postJson(url: URL, body: string, networks: WebhookNetworks): Promise<number> {
  try {
    return await postOutbound(url, Buffer.from(body), {
      networks,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      headers: { 'content-type': 'application/json', 'user-agent': 'Ferrite-StreamLogic' },
    });
  } catch (error) {
    const reason = error instanceof OutboundPostError ? error.reason : 'unreachable';
    throw new Error(
      reason === 'timeout'
        ? 'Webhook gave no answer within 10 s'
        : reason === 'refused'
          ? `Webhook not called: ${(error as Error).message}`
          : (error as Error).message,
    );
  }
}

/** Builds the services on the platform (one per process: its caches are shared by every chain). */
export function createStreamServices(deps: DeviceDeps): StreamServices {
  const { db } = deps;
  const directory = new SensorDirectory(db);
  const gatewaySensors = new TtlCache<ReadonlySet<string>>();
  const assetMetadata = new TtlCache<Record<string, unknown> | null>();
  const typeParameters = new TtlCache<Record<string, unknown> | null>();
  const projectAssets = new TtlCache<{ uuid: string; name: string }[]>();

  const sensors: StreamServices['sensors'] = {
    async get(orgId, ids) {
      const found = await directory.resolve(ids);
      const answer = new Map<string, StreamSensor>();
      for (const [id, info] of found)
        if (info && info.orgId === orgId)
          answer.set(id, {
            id,
            orgId,
            projectId: info.projectId,
            name: info.name,
            typeIds: info.typeIds,
            assetIds: info.assetIds,
            parentId: info.parentId,
          });
      return answer;
    },
    ofGateway: (orgId, gatewayId) =>
      gatewaySensors.get(`${orgId}/${gatewayId}`, async () => {
        const rows = await db
          .selectFrom('gateway_mappings')
          .select('sensor_id')
          .where('org_id', '=', orgId)
          .where('gateway_id', '=', gatewayId)
          .execute();
        return new Set(rows.map((row) => row.sensor_id));
      }),
    async exist(orgId, kind, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return true;
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!unique.every((id) => uuid.test(id))) return false;
      const table =
        kind === 'gateway' ? sql`gateways` : kind === 'sensor_type' ? sql`entity_types` : sql`entities`;
      const entityKind =
        kind === 'asset' || kind === 'sensor' ? kind : kind === 'sensor_type' ? 'sensor' : null;
      const result = await sql<{ n: string | number }>`
        select count(*) as n from ${table}
        where org_id = ${orgId}::uuid and id in (${sql.join(unique.map((id) => sql`${id}::uuid`))})
          ${entityKind ? sql`and kind = ${entityKind}` : sql``}`.execute(db);
      const row = result.rows[0] ?? { n: 0 };
      return Number(row.n) === unique.length;
    },
  };

  const windows: StreamServices['windows'] = {
    async add(pipelineId, nodeId, additions: readonly BucketAddition[]) {
      if (additions.length === 0) return;
      const rows = additions.map(
        (a) =>
          sql`(${pipelineId}::uuid, ${nodeId}, ${a.groupKey}, ${a.bucketStart}::bigint, ${a.count}::bigint,
            ${a.sum}::float8, ${a.min}::float8, ${a.max}::float8, ${a.firstTs}::float8, ${a.firstValue}::float8,
            ${a.lastTs}::float8, ${a.lastValue}::float8, ${JSON.stringify(a.sample)}::jsonb)`,
      );
      await sql`
        insert into pipeline_window_buckets as b (pipeline_id, node_id, ${BUCKET_COLUMNS})
        values ${sql.join(rows)}
        on conflict (pipeline_id, node_id, group_key, bucket_start) do update set
          count = b.count + excluded.count,
          sum = b.sum + excluded.sum,
          min = least(b.min, excluded.min),
          max = greatest(b.max, excluded.max),
          first_ts = case when excluded.first_ts < b.first_ts then excluded.first_ts else b.first_ts end,
          first_value = case when excluded.first_ts < b.first_ts then excluded.first_value else b.first_value end,
          last_ts = case when excluded.last_ts >= b.last_ts then excluded.last_ts else b.last_ts end,
          last_value = case when excluded.last_ts >= b.last_ts then excluded.last_value else b.last_value end,
          sample = case when excluded.last_ts >= b.last_ts then excluded.sample else b.sample end`.execute(
        db,
      );
    },
    async claim(pipelineId, nodeId, before) {
      const result = await sql<BucketRow>`
        delete from pipeline_window_buckets
        where pipeline_id = ${pipelineId}::uuid and node_id = ${nodeId} and bucket_start < ${before}::bigint
        returning ${BUCKET_COLUMNS}`.execute(db);
      return result.rows.map(bucketOf).sort((a, b) => a.bucketStart - b.bucketStart);
    },
    async read(pipelineId, nodeId, from) {
      const result = await sql<BucketRow>`
        select ${BUCKET_COLUMNS} from pipeline_window_buckets
        where pipeline_id = ${pipelineId}::uuid and node_id = ${nodeId} and bucket_start >= ${from}::bigint
        order by bucket_start`.execute(db);
      return result.rows.map(bucketOf);
    },
  };

  const state: StreamServices['state'] = {
    async get(pipelineId, nodeId, keys) {
      const answer = new Map<string, { ts: number; value: unknown }>();
      if (keys.length === 0) return answer;
      const rows = await db
        .selectFrom('pipeline_node_state')
        .select(['state_key', 'ts', 'value'])
        .where('pipeline_id', '=', pipelineId)
        .where('node_id', '=', nodeId)
        .where('state_key', 'in', [...new Set(keys)])
        .execute();
      for (const row of rows) answer.set(row.state_key, { ts: Number(row.ts), value: row.value });
      return answer;
    },
    async claim(pipelineId, nodeId, key, ts, value, ifBefore) {
      const result = await sql<{ state_key: string }>`
        insert into pipeline_node_state as s (pipeline_id, node_id, state_key, ts, value)
        values (${pipelineId}::uuid, ${nodeId}, ${key}, ${ts}::float8, ${JSON.stringify(value ?? null)}::jsonb)
        on conflict (pipeline_id, node_id, state_key) do update
          set ts = excluded.ts, value = excluded.value, updated_at = now()
          where s.ts < ${ifBefore}::float8
        returning state_key`.execute(db);
      return result.rows.length > 0;
    },
    async put(pipelineId, nodeId, key, ts, value) {
      await sql`
        insert into pipeline_node_state (pipeline_id, node_id, state_key, ts, value)
        values (${pipelineId}::uuid, ${nodeId}, ${key}, ${ts}::float8, ${JSON.stringify(value ?? null)}::jsonb)
        on conflict (pipeline_id, node_id, state_key) do update
          set ts = excluded.ts, value = excluded.value, updated_at = now()`.execute(db);
    },
    async takeDue(pipelineId, nodeId, upTo) {
      const result = await sql<{ state_key: string; ts: number; value: unknown }>`
        delete from pipeline_node_state
        where pipeline_id = ${pipelineId}::uuid and node_id = ${nodeId} and ts <= ${upTo}::float8
        returning state_key, ts, value`.execute(db);
      return result.rows
        .map((row) => ({
          key: row.state_key,
          ts: Number(row.ts),
          // Both drivers hand jsonb back parsed (a stored JSON string comes back as that string).
          value: row.value,
        }))
        .sort((a, b) => a.ts - b.ts);
    },
  };

  const enrich: StreamServices['enrich'] = {
    assetMetadata: (orgId, assetId) =>
      assetMetadata.get(`${orgId}/${assetId}`, async () => {
        const row = await db
          .selectFrom('entities')
          .select(['metadata'])
          .where('org_id', '=', orgId)
          .where('id', '=', assetId)
          .where('kind', '=', 'asset')
          .executeTakeFirst();
        if (!row) return null;
        return Object.fromEntries(row.metadata.map((field) => [field.key, field.value]));
      }),
    sensorTypeParameters: (orgId, typeId) =>
      typeParameters.get(`${orgId}/${typeId}`, async () => {
        const row = await db
          .selectFrom('entity_types')
          .select(['parameters'])
          .where('org_id', '=', orgId)
          .where('id', '=', typeId)
          .executeTakeFirst();
        if (!row) return null;
        return Object.fromEntries(
          row.parameters.map((p) => [p.key, { data_type: p.data_type, unit: p.unit }]),
        );
      }),
    projectAssets: (orgId, projectId) =>
      projectAssets.get(`${orgId}/${projectId}`, async () => {
        const rows = await db
          .selectFrom('entities')
          .select(['id', 'name'])
          .where('org_id', '=', orgId)
          .where('project_id', '=', projectId)
          .where('kind', '=', 'asset')
          .orderBy('path')
          .execute();
        return rows.map((row) => ({ uuid: row.id, name: row.name }));
      }),
  };

  const sinks: StreamServices['sinks'] = {
    async writeReadings(orgId, points) {
      if (points.length === 0) return;
      // Runs straight from the points (no Date per point): consecutive points of one series share a run.
      const runs: PointRun[] = [];
      let run: (PointRun & { ts: number[]; values: number[] }) | undefined;
      for (const p of points) {
        if (!run || run.sensorId !== p.sensorId || run.paramKey !== p.paramKey) {
          run = { orgId, sensorId: p.sensorId, paramKey: p.paramKey, ts: [], values: [] };
          runs.push(run);
        }
        run.ts.push(p.ts);
        run.values.push(p.value);
      }
      // Only the organization's sensors (from memory once seen).
      const ids = [...new Set(runs.map((r) => r.sensorId))];
      const own = await sensors.get(orgId, ids);
      const missing = ids.find((id) => !own.has(id));
      if (missing) throw new Error(`No sensor ${missing} in this organization`);
      await deps.ingest.batcher.add(runs);
    },
    async raiseAlert(orgId, alert) {
      const sensor = alert.sensorId ? (await sensors.get(orgId, [alert.sensorId])).get(alert.sensorId) : null;
      await raiseAlert(deps, {
        orgId,
        app: 'streamLogic',
        dedupeKey: alert.dedupeKey,
        severity: alert.severity,
        description: alert.description,
        entity: sensor ? { kind: 'sensor', id: sensor.id, name: sensor.name, path: '' } : null,
        paramKey: alert.paramKey,
        value: alert.value,
      });
    },
    async sendCommand(orgId, gatewayId, name, value) {
      const gateway = await db
        .selectFrom('gateways')
        .select(['id', 'org_id', 'protocol', 'topic', 'name', 'archived_at'])
        .where('org_id', '=', orgId)
        .where('id', '=', gatewayId)
        .executeTakeFirst();
      if (!gateway || gateway.archived_at) throw new Error('No such gateway in this organization');
      const repo = new CommandRepository(db);
      const id = randomUUID();
      await repo.insert({
        id,
        orgId,
        gatewayId,
        name,
        value,
        createdBy: null,
        expiresAt: new Date(Date.now() + COMMAND_TIMEOUT_MS),
      });
      const row = await repo.findById(orgId, id);
      if (!row) throw new Error('The command was not stored');
      await dispatchCommand(repo, deps, gateway, row, { what: `command "${name}" from Stream Logic` });
      return id;
    },
    async postWebhook(_orgId, url, body) {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        throw new Error('Only http(s) webhooks are called');
      return postJson(parsed, JSON.stringify(body), deps.config.webhookNetworks);
    },
    async sendMessage(orgId, medium, to, subject, text) {
      const brand = brandForHost(deps.config.brandPrimaryHost, deps.config.brandPrimaryHost);
      for (const address of to) {
        if (medium === 'email') await deps.mailer.send({ to: address, subject, text, brand, orgId });
        else await sendTextMessage(deps, { orgId, medium: 'sms', to: address, text });
      }
    },
  };

  const sandbox: StreamServices['sandbox'] = { run: runInSandbox };

  return { sensors, windows, state, enrich, sandbox, sinks };
}
