/** Kysely table types of Stream Logic (migration 0018); `Database` in schema.ts lists them. */
import type { ChainConnection, ChainNode, TraceEntry, VersionDiff } from '@ferrite/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json } from './columnTypes';

type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
type Moment = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns come back as text from both drivers; the code turns them into numbers. */
type BigCount = ColumnType<string | number, number | string, number | string>;

export interface PipelinesTable {
  id: Generated<string>;
  org_id: string;
  project_id: string;
  name: string;
  description: Generated<string>;
  enabled: Generated<boolean>;
  revision: Generated<number>;
  actions: JsonWithDefault<ChainNode[]>;
  connections: JsonWithDefault<ChainConnection[]>;
  debug_all: Generated<boolean>;
  debug_nodes: JsonWithDefault<string[]>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: Moment;
}

export interface PipelineVersionsTable {
  pipeline_id: string;
  revision: number;
  org_id: string;
  name: string;
  description: Generated<string>;
  actions: Json<ChainNode[]>;
  connections: Json<ChainConnection[]>;
  diff: Json<VersionDiff>;
  rollback_of: number | null;
  deployed_by: string | null;
  deployed_at: CreatedAt;
}

/** One bucket of a window node's aggregate for one group (sensor, key or the whole chain). */
export interface PipelineWindowBucketsTable {
  pipeline_id: string;
  node_id: string;
  group_key: string;
  /** Epoch milliseconds the bucket starts at. */
  bucket_start: BigCount;
  count: BigCount;
  sum: number;
  min: number;
  max: number;
  first_ts: number;
  first_value: number;
  last_ts: number;
  last_value: number;
  /** The last message's sensor and key (what the window's output carries). */
  sample: Json<{ sensor_id: string | null; key: string }>;
}

/** What a deduplicate, throttle or merge node remembers per key. */
export interface PipelineNodeStateTable {
  pipeline_id: string;
  node_id: string;
  state_key: string;
  ts: number;
  value: Json<unknown>;
  updated_at: Moment;
}

/** Message counts per connection and node since a revision was deployed (kind: edge, in, out, errors). */
export interface PipelineCountersTable {
  pipeline_id: string;
  revision: number;
  element: string;
  kind: string;
  count: BigCount;
}

/** A node's failed messages, the last TRACE_KEEP_PER_NODE per node kept. */
export interface PipelineFailuresTable {
  id: Generated<string>;
  pipeline_id: string;
  node_id: string;
  at: CreatedAt;
  entry: Json<TraceEntry>;
}

export interface PipelineActivityTable {
  id: Generated<string>;
  org_id: string;
  project_id: string;
  pipeline_id: string | null;
  pipeline_name: string;
  kind: string;
  revision: number | null;
  node_id: string | null;
  actor_id: string | null;
  detail: Generated<string>;
  at: CreatedAt;
}
