/** Kysely table types of the IoT Manager (migrations 0005, 0011, 0012, 0014 and 0016); `Database` in schema.ts lists them. */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columnTypes';

type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
type GatewayParamRow = { key: string; value: string; data_type: string; unit: string };

export interface GatewaysTable {
  id: string;
  org_id: string;
  project_id: string;
  name: string;
  type: string;
  protocol: string;
  channel: Generated<string>;
  parent_id: string | null;
  description: Generated<string>;
  topic: string;
  client_id: string;
  username: string;
  host_name: Generated<string>;
  port_info: Generated<string>;
  path: Generated<string>;
  token_hash: string;
  token_hint: string;
  token_rotated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  heartbeat_timeout_s: Generated<number>;
  static_params: JsonWithDefault<GatewayParamRow[]>;
  streaming_params: JsonWithDefault<GatewayParamRow[]>;
  timestamp_mapping: JsonWithDefault<{ field: string | null; format: string }>;
  last_seen_at: Timestamp | null;
  /** The sighting (`last_seen_at`) whose silence was announced offline: once per silence (migration 0014). */
  offline_announced_for: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  archived_at: Timestamp | null;
}

export interface GatewayMappingsTable {
  id: Generated<string>;
  org_id: string;
  gateway_id: string;
  json_path: string;
  sensor_id: string;
  param_key: string;
  created_at: CreatedAt;
}

export interface GatewayLogsTable {
  /** bigint identity: pg answers it as a string. */
  id: ColumnType<string, never, never>;
  org_id: string;
  gateway_id: string;
  ts: ColumnType<Date, Date | string | undefined, never>;
  kind: string;
  level: string;
  transport: Generated<string>;
  message: string;
  payload: string | null;
  points: Generated<number>;
}

export interface GatewayCommandsTable {
  id: Generated<string>;
  org_id: string;
  gateway_id: string;
  name: string;
  value: ColumnType<unknown, string, string>;
  status: Generated<string>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: CreatedAt;
  delivered_at: Timestamp | null;
  completed_at: Timestamp | null;
  expires_at: Timestamp;
}

export interface FirmwareTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  version: string;
  filename: string;
  /** The type its first bytes tell (firmwareFile.ts), never the uploader's claim. */
  content_type: Generated<string>;
  /** bigint: pg answers it as a string. */
  size: ColumnType<string | number, number, number>;
  sha256: string;
  blob_key: string;
  notes: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface FirmwareRolloutsTable {
  id: Generated<string>;
  org_id: string;
  firmware_id: string;
  gateway_id: string;
  command_id: string | null;
  status: Generated<string>;
  progress: Generated<number>;
  message: Generated<string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A node reading devices through an external broker, its heartbeat and who took over its sessions (0016). */
export interface ClusterNodesTable {
  node_id: string;
  share_group: string;
  /** How many broker sessions (client ids `ferrite-ingest-<node>-<i>`) the node holds. */
  mqtt_sessions: number;
  started_at: CreatedAt;
  heartbeat_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Set while the node is not subscribed (starting, or handing its sessions over): no one to hand over to. */
  stopping_at: Timestamp | null;
  /** Set once its sessions are handed over (a clean stop, or a survivor adopted them). */
  gone_at: Timestamp | null;
  adopted_by: string | null;
  adoption_until: Timestamp | null;
}

/** The arrival stamp an MQTT message in flight got, by its session and packet id (0016). */
export interface MqttReceiptsTable {
  client_id: string;
  packet_id: number;
  /** SHA-1 of topic and payload: a packet id is reused once acknowledged. */
  digest: Buffer;
  first_micros: ColumnType<string, number, number>;
}
