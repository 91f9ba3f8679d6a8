/** Kysely table types: the only description of the database shape the code relies on. */
import type { ColumnType, Generated } from 'kysely';
import type {
  AlertEventsTable,
  AlertNotificationsTable,
  AlertRuleStatesTable,
  AlertRulesTable,
  AlertSilencesTable,
  AlertsTable,
} from './alertTables';
import type { CreatedAt, Json, Timestamp } from './columnTypes';
import type {
  DashboardCommandWidgetsTable,
  DashboardExportsTable,
  DashboardOpensTable,
  DashboardPanelsTable,
  DashboardReportsTable,
  DashboardShareFailuresTable,
  DashboardSharesTable,
  DashboardSubpanelsTable,
  DashboardsTable,
  DashboardWidgetsTable,
} from './dashboardTables';
import type {
  ClusterNodesTable,
  FirmwareRolloutsTable,
  FirmwareTable,
  GatewayCommandsTable,
  GatewayLogsTable,
  GatewayMappingsTable,
  GatewaysTable,
  MqttReceiptsTable,
} from './iotTables';
import type { BlobChunksTable, BlobsTable, BlobUploadsTable, PlatformSecretTable } from './storageTables';
import type {
  PipelineActivityTable,
  PipelineCountersTable,
  PipelineFailuresTable,
  PipelineNodeStateTable,
  PipelinesTable,
  PipelineVersionsTable,
  PipelineWindowBucketsTable,
} from './streamLogicTables';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string | null;
  is_platform_admin: Generated<boolean>;
  avatar: Generated<number>;
  phone: string | null;
  settings: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  last_login_at: Timestamp | null;
}

export interface OrgsTable {
  id: Generated<string>;
  name: string;
  slug: string;
  apps: Json<string[]>;
  limits: ColumnType<
    { users: number; gateways: number; data_retention_days: number },
    string | undefined,
    string
  >;
  created_by: string | null;
  created_at: CreatedAt;
  archived_at: Timestamp | null;
}

export interface MembershipsTable {
  org_id: string;
  user_id: string;
  role: string;
  role_id: string | null;
  apps: ColumnType<string[], string | undefined, string>;
  assets: ColumnType<string[], string | undefined, string>;
  created_at: CreatedAt;
  archived_at: Timestamp | null;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OrgRequestsTable {
  id: Generated<string>;
  user_id: string;
  organization_name: string;
  slug: string;
  status: Generated<string>;
  reason: string | null;
  org_id: string | null;
  decided_by: string | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
}

/**
 * Throttle counts: sign-in failures (`pair:`, `ip:`; modules/auth/throttle.ts) and mail anyone may ask
 * for (`mail:`; platform/mail/mailThrottle.ts). Swept after a day (modules/auth/failureSweep.ts).
 */
export interface AuthFailuresTable {
  id: Generated<string>;
  key: string;
  /** Set when a try starts, moved to its wrong answer's time (the sign-in wait runs from there). */
  failed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OutboxTable {
  id: Generated<string>;
  org_id: string | null;
  to_address: string;
  from_name: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  transport: string;
  created_at: CreatedAt;
}

/** A jsonb list column that defaults to [] on insert. */
type JsonList<T = string> = ColumnType<T[], string | undefined, string>;

export interface RolesTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  description: Generated<string>;
  permissions: JsonList;
  created_at: CreatedAt;
}

export interface UserGroupsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  description: Generated<string>;
  apps: JsonList;
  permissions: JsonList;
  created_at: CreatedAt;
  archived_at: Timestamp | null;
}

export interface UserGroupMembersTable {
  org_id: string;
  group_id: string;
  user_id: string;
}

export interface InvitationsTable {
  id: Generated<string>;
  org_id: string;
  email: string;
  name: Generated<string>;
  role: Generated<string>;
  kind: string;
  token_hash: string;
  group_ids: JsonList;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ProjectsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  description: Generated<string>;
  manager_id: string | null;
  metadata: ColumnType<{ key: string; value: string }[], string | undefined, string>;
  location: ColumnType<
    { address: string; latitude: number | null; longitude: number | null },
    string | undefined,
    string
  >;
  created_at: CreatedAt;
  created_by: string | null;
  archived_at: Timestamp | null;
}

export interface ProjectMembersTable {
  org_id: string;
  project_id: string;
  user_id: string;
}

export interface ActivityTable {
  id: Generated<string>;
  org_id: string;
  actor_id: string | null;
  app: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  created_at: CreatedAt;
}

export interface EntityTypesTable {
  id: Generated<string>;
  org_id: string;
  kind: string;
  name: string;
  description: Generated<string>;
  parent_type_id: string | null;
  metadata_fields: ColumnType<
    { key: string; data_type: string; unit: string; default_value: string }[],
    string | undefined,
    string
  >;
  properties: ColumnType<{ key: string; value: string }[], string | undefined, string>;
  parameters: ColumnType<{ key: string; data_type: string; unit: string }[], string | undefined, string>;
  created_at: CreatedAt;
}

export interface EntitiesTable {
  id: Generated<string>;
  org_id: string;
  project_id: string;
  kind: string;
  type_id: string;
  parent_id: string | null;
  path: string;
  depth: number;
  name: string;
  description: Generated<string>;
  metadata: ColumnType<
    { key: string; data_type: string; unit: string; value: string }[],
    string | undefined,
    string
  >;
  caretaker_ids: ColumnType<string[], string | undefined, string>;
  latitude: number | null;
  longitude: number | null;
  position: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface TelemetryTable {
  org_id: string;
  sensor_id: string;
  param_key: string;
  ts: Timestamp;
  value: number;
}

/** telemetry_1m, telemetry_1h and telemetry_6h: one row per sensor parameter and UTC bucket. */
export interface TelemetryRollupTable {
  org_id: string;
  sensor_id: string;
  param_key: string;
  bucket: Timestamp;
  /** bigint: pg answers it as a string. */
  count: ColumnType<string | number, number, number>;
  sum: number;
  min: number;
  max: number;
  first_ts: Timestamp;
  first_value: number;
  last_ts: Timestamp;
  last_value: number;
}

/** An app seeder the demo organization planned, and when it finished (seed/demo/index.ts). */
export interface DemoSeedsTable {
  org_id: string;
  seeder: string;
  planned_at: CreatedAt;
  completed_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  orgs: OrgsTable;
  memberships: MembershipsTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  org_requests: OrgRequestsTable;
  auth_failures: AuthFailuresTable;
  outbox: OutboxTable;
  roles: RolesTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  invitations: InvitationsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  activity: ActivityTable;
  entity_types: EntityTypesTable;
  entities: EntitiesTable;
  telemetry: TelemetryTable;
  telemetry_1m: TelemetryRollupTable;
  telemetry_1h: TelemetryRollupTable;
  telemetry_6h: TelemetryRollupTable;
  gateways: GatewaysTable;
  gateway_mappings: GatewayMappingsTable;
  gateway_logs: GatewayLogsTable;
  gateway_commands: GatewayCommandsTable;
  firmware: FirmwareTable;
  firmware_rollouts: FirmwareRolloutsTable;
  dashboards: DashboardsTable;
  dashboard_panels: DashboardPanelsTable;
  dashboard_subpanels: DashboardSubpanelsTable;
  dashboard_widgets: DashboardWidgetsTable;
  dashboard_command_widgets: DashboardCommandWidgetsTable;
  dashboard_exports: DashboardExportsTable;
  dashboard_shares: DashboardSharesTable;
  dashboard_opens: DashboardOpensTable;
  dashboard_share_failures: DashboardShareFailuresTable;
  dashboard_reports: DashboardReportsTable;
  demo_seeds: DemoSeedsTable;
  blobs: BlobsTable;
  blob_chunks: BlobChunksTable;
  blob_uploads: BlobUploadsTable;
  platform_secret: PlatformSecretTable;
  alert_rules: AlertRulesTable;
  alert_rule_states: AlertRuleStatesTable;
  alerts: AlertsTable;
  alert_events: AlertEventsTable;
  alert_notifications: AlertNotificationsTable;
  alert_silences: AlertSilencesTable;
  pipelines: PipelinesTable;
  pipeline_versions: PipelineVersionsTable;
  pipeline_window_buckets: PipelineWindowBucketsTable;
  pipeline_node_state: PipelineNodeStateTable;
  pipeline_counters: PipelineCountersTable;
  pipeline_failures: PipelineFailuresTable;
  pipeline_activity: PipelineActivityTable;
  cluster_nodes: ClusterNodesTable;
  mqtt_receipts: MqttReceiptsTable;
}
