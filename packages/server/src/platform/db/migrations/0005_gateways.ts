/**
 * IoT Manager: gateways (credentials, parameters, timestamp mapping), the JSON-path mappings that feed
 * sensor parameters, each gateway's log, commands sent down to it, firmware files and their rollouts.
 * Topic and client id are unique across the platform because one broker serves every organization.
 */
import { type Kysely, sql } from 'kysely';

/** Creates gateways, gateway_mappings, gateway_logs, gateway_commands, firmware, firmware_rollouts. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const emptyArray = sql`'[]'::jsonb`;
  const now = sql`now()`;
  await db.schema
    .createTable('gateways')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'uuid', (c) => c.references('gateways.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('topic', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('host_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('port_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('token_rotated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('heartbeat_timeout_s', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('static_params', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('streaming_params', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('timestamp_mapping', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{"field":null,"format":"iso8601"}'::jsonb`),
    )
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('gateways_org_project_idx')
    .on('gateways')
    .columns(['org_id', 'project_id', 'name'])
    .execute();

  await db.schema
    .createTable('gateway_mappings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('gateway_id', 'uuid', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('json_path', 'text', (c) => c.notNull())
    .addColumn('sensor_id', 'uuid', (c) => c.notNull().references('entities.id').onDelete('cascade'))
    .addColumn('param_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One path feeds one parameter, and one sensor parameter is fed by one path (spec §5: remapping
  // asks to remove the previous key first).
  await db.schema
    .createIndex('gateway_mappings_path_idx')
    .on('gateway_mappings')
    .columns(['gateway_id', 'json_path', 'sensor_id', 'param_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('gateway_mappings_target_idx')
    .on('gateway_mappings')
    .columns(['org_id', 'sensor_id', 'param_key'])
    .unique()
    .execute();

  await sql`
    create table gateway_logs (
      id bigint generated always as identity primary key,
      org_id uuid not null references orgs(id) on delete cascade,
      gateway_id uuid not null references gateways(id) on delete cascade,
      ts timestamptz not null default now(),
      kind text not null,
      level text not null,
      transport text not null default '',
      message text not null,
      payload text,
      points integer not null default 0
    )`.execute(db);
  await sql`create index gateway_logs_gateway_idx on gateway_logs (org_id, gateway_id, id desc)`.execute(db);

  await db.schema
    .createTable('gateway_commands')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('gateway_id', 'uuid', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('result', 'jsonb')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_commands_gateway_idx')
    .on('gateway_commands')
    .columns(['org_id', 'gateway_id', 'created_at'])
    .execute();
  await sql`create index gateway_commands_open_idx on gateway_commands (expires_at) where status in ('pending', 'delivered')`.execute(
    db,
  );

  await db.schema
    .createTable('firmware')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('firmware_org_name_version_idx')
    .on('firmware')
    .columns(['org_id', 'name', 'version'])
    .unique()
    .execute();

  await db.schema
    .createTable('firmware_rollouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('firmware_id', 'uuid', (c) => c.notNull().references('firmware.id').onDelete('cascade'))
    .addColumn('gateway_id', 'uuid', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('command_id', 'uuid', (c) => c.references('gateway_commands.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('firmware_rollouts_gateway_idx')
    .on('firmware_rollouts')
    .columns(['org_id', 'gateway_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('firmware_rollouts_firmware_idx')
    .on('firmware_rollouts')
    .columns(['org_id', 'firmware_id'])
    .execute();
}
