/**
 * What the transports need to know about a gateway, looked up by uuid, MQTT client id or topic and
 * cached for a few seconds: device traffic must not cost a query per message. An edit on any node
 * drops the entry at once (DeviceLinkHub: this node directly, the others through the cluster bus); the
 * TTL bounds how late a node whose bus was cut off notices.
 */
import { timingSafeEqual } from 'node:crypto';
import { type JsonPathStep, parseJsonPath, type TimestampMapping } from '@ferrite/contracts';
import type { Db } from '../../../platform/db/database';
import { hashOpaqueToken } from '../../../platform/security/opaqueTokens';
import { DeviceGatewayRepository } from './deviceGatewayRepository';

export interface MappedField {
  path: string;
  steps: JsonPathStep[];
  sensorId: string;
  paramKey: string;
}

export interface IngestGateway {
  id: string;
  orgId: string;
  projectId: string;
  name: string;
  type: string;
  protocol: string;
  topic: string;
  clientId: string;
  username: string;
  tokenHash: string;
  archived: boolean;
  /**
   * Its topic overlaps a gateway that outranks it (a row from before topics were checked): the brokers
   * carry none of its MQTT traffic until the topic is changed (modules/iotManager/gateways/topicTree.ts).
   */
  topicBlocked: boolean;
  heartbeatTimeoutS: number;
  lastSeenAt: Date | null;
  timestampMapping: TimestampMapping;
  timestampSteps: JsonPathStep[] | null;
  mappings: MappedField[];
}

const TTL_MS = 5_000;

type Key = `id:${string}` | `client:${string}` | `topic:${string}`;

export class GatewayDirectory {
  private readonly cache = new Map<Key, { gateway: IngestGateway | null; expires: number }>();
  private readonly inflight = new Map<Key, Promise<IngestGateway | null>>();
  /** Bumped by every forget: a lookup that started before it may have read the old row, so is not kept. */
  private generation = 0;

  private readonly gateways: DeviceGatewayRepository;

  constructor(db: Db) {
    this.gateways = new DeviceGatewayRepository(db);
  }

  /** The gateway with this uuid, or null. */
  byId(id: string): Promise<IngestGateway | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.lookup(`id:${id}`);
  }

  /** The gateway an MQTT client id belongs to, or null. */
  byClientId(clientId: string): Promise<IngestGateway | null> {
    return this.lookup(`client:${clientId}`);
  }

  /** The gateway whose base (telemetry) topic this is, or null. */
  byTopic(topic: string): Promise<IngestGateway | null> {
    return this.lookup(`topic:${topic}`);
  }

  /** Drops every cached entry of a gateway (after an edit, rotation or mapping change). */
  forget(gatewayId: string): void {
    this.generation += 1;
    this.inflight.clear();
    for (const [key, entry] of this.cache) {
      if (key === `id:${gatewayId}` || entry.gateway?.id === gatewayId) this.cache.delete(key);
    }
  }

  /** Drops every cached gateway (changes may have been missed). */
  forgetAll(): void {
    this.generation += 1;
    this.inflight.clear();
    this.cache.clear();
  }

  private lookup(key: Key): Promise<IngestGateway | null> {
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return Promise.resolve(cached.gateway);
    const running = this.inflight.get(key);
    if (running) return running;
    const generation = this.generation;
    const loading = this.load(key)
      .then((gateway) => {
        if (generation === this.generation) this.cache.set(key, { gateway, expires: Date.now() + TTL_MS });
        return gateway;
      })
      .finally(() => {
        if (this.inflight.get(key) === loading) this.inflight.delete(key);
      });
    this.inflight.set(key, loading);
    return loading;
  }

  private async load(key: Key): Promise<IngestGateway | null> {
    const [kind, value] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const column = kind === 'id' ? 'id' : kind === 'client' ? 'client_id' : 'topic';
    const row = await this.gateways.findBy(column, value);
    if (!row) return null;
    const mappings = await this.gateways.mappingsOf(row.org_id, row.id);
    const timestampMapping = row.timestamp_mapping as TimestampMapping;
    const timestampPath = timestampMapping.field ? parseJsonPath(timestampMapping.field) : null;
    return {
      id: row.id,
      orgId: row.org_id,
      projectId: row.project_id,
      name: row.name,
      type: row.type,
      protocol: row.protocol,
      topic: row.topic,
      clientId: row.client_id,
      username: row.username,
      tokenHash: row.token_hash,
      archived: row.archived_at !== null,
      topicBlocked: row.topic_blocked,
      heartbeatTimeoutS: row.heartbeat_timeout_s,
      lastSeenAt: row.last_seen_at,
      timestampMapping,
      timestampSteps: timestampPath && 'steps' in timestampPath ? timestampPath.steps : null,
      mappings: mappings.flatMap((mapping) => {
        const parsed = parseJsonPath(mapping.json_path);
        return 'steps' in parsed
          ? [
              {
                path: mapping.json_path,
                steps: parsed.steps,
                sensorId: mapping.sensor_id,
                paramKey: mapping.param_key,
              },
            ]
          : [];
      }),
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a presented access token is this gateway's (constant time). */
export function tokenMatches(gateway: IngestGateway, token: string | null | undefined): boolean {
  if (!token) return false;
  const presented = Buffer.from(hashOpaqueToken(token), 'hex');
  const stored = Buffer.from(gateway.tokenHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}
