/** Kysely table types of the Dashboards module (migrations 0007 and 0008); `Database` in schema.ts lists them. */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columnTypes';

/** jsonb with a default: may be left out on insert. */
type JsonDef<T> = ColumnType<T, string | undefined, string>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type StoredLayout = { x: number; y: number; w: number; h: number };

export interface DashboardsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  description: Generated<string>;
  theme: Generated<string>;
  layout: JsonDef<Record<string, unknown>>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  archived_at: Timestamp | null;
}

export interface DashboardPanelsTable {
  id: Generated<string>;
  org_id: string;
  dashboard_id: string;
  name: string;
  position: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DashboardSubpanelsTable {
  id: Generated<string>;
  org_id: string;
  dashboard_id: string;
  panel_id: string;
  name: string;
  position: number;
  layout: Json<StoredLayout>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DashboardWidgetsTable {
  id: Generated<string>;
  org_id: string;
  dashboard_id: string;
  panel_id: string;
  subpanel_id: string | null;
  widget_id: string;
  config: JsonDef<Record<string, unknown>>;
  bindings: JsonDef<{ sensor_id: string; param_key: string }[]>;
  layout: Json<StoredLayout>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DashboardCommandWidgetsTable {
  id: Generated<string>;
  org_id: string;
  dashboard_id: string;
  panel_id: string;
  subpanel_id: string | null;
  kind: string;
  title: Generated<string>;
  gateway_id: string | null;
  command_name: string;
  value_template: Json<unknown>;
  confirmation_text: Generated<string>;
  settings: JsonDef<Record<string, unknown>>;
  layout: Json<StoredLayout>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DashboardExportsTable {
  id: Generated<string>;
  org_id: string;
  dashboard_id: string;
  password_hash: string;
  password_set_at: ColumnType<Date, Date | string | undefined, Date | string>;
  token_version: Generated<number>;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface DashboardSharesTable {
  id: Generated<string>;
  org_id: string;
  dashboard_id: string;
  email: string;
  user_id: string;
  shared_by: string | null;
  created_at: CreatedAt;
}

export interface DashboardOpensTable {
  org_id: string;
  user_id: string;
  dashboard_id: string;
  opened_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DashboardShareFailuresTable {
  /** bigint identity: pg answers it as a string. */
  id: ColumnType<string, never, never>;
  org_id: string;
  key: string;
  failed_at: CreatedAt;
}

/** A dashboard report (migration 0008): the row while it renders, then its stored file. */
export interface DashboardReportsTable {
  id: Generated<string>;
  org_id: string;
  dashboard_id: string;
  panel_id: string | null;
  source: 'member' | 'link';
  link_id: string | null;
  format: 'pdf' | 'png';
  // 'expired': the report sweep deleted its file (modules/dashboards/reports/sweep.ts).
  status: ColumnType<
    'rendering' | 'ready' | 'failed' | 'expired',
    'rendering' | undefined,
    'ready' | 'failed' | 'expired'
  >;
  blob_key: string | null;
  size: number | null;
  sha256: string | null;
  recipients: JsonDef<string[]>;
  created_by: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}
