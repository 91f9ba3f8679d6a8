/** Kysely table types: the only description of the database shape the code relies on. */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb columns are written as JSON text (same on pg and PGlite) and read back parsed. */
type Json<T> = ColumnType<T, string, string>;

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
  created_at: CreatedAt;
  archived_at: Timestamp | null;
}

export interface MembershipsTable {
  org_id: string;
  user_id: string;
  role: string;
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
  created_at: CreatedAt;
  decided_at: Timestamp | null;
}

export interface AuthFailuresTable {
  id: Generated<string>;
  key: string;
  failed_at: CreatedAt;
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
}
