/** Organization limits, custom roles, user groups, invitations, projects and the activity log. */
import { type Kysely, sql } from 'kysely';

/** Creates the tables of the Tenant Manager and Role Manager. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const uuidPk = sql`gen_random_uuid()`;
  const now = sql`now()`;
  const emptyArray = sql`'[]'::jsonb`;

  await db.schema
    .alterTable('orgs')
    .addColumn('limits', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{"users":50,"gateways":100,"data_retention_days":365}'::jsonb`),
    )
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('org_requests')
    .addColumn('org_id', 'uuid', (c) => c.references('orgs.id').onDelete('set null'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('roles_org_name_idx')
    .on('roles')
    .columns(['org_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .alterTable('memberships')
    .addColumn('role_id', 'uuid', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('apps', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('assets', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .execute();
  await db.schema
    .createIndex('memberships_org_archived_idx')
    .on('memberships')
    .columns(['org_id', 'archived_at'])
    .execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apps', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('user_groups_org_idx')
    .on('user_groups')
    .columns(['org_id', 'archived_at', 'created_at'])
    .execute();

  await db.schema
    .createTable('user_group_members')
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('user_group_members_org_user_idx')
    .on('user_group_members')
    .columns(['org_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('group_ids', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('invitations_org_idx')
    .on('invitations')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invitations_org_email_idx')
    .on('invitations')
    .columns(['org_id', 'email'])
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('manager_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('location', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{"address":"","latitude":null,"longitude":null}'::jsonb`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('projects_org_idx')
    .on('projects')
    .columns(['org_id', 'archived_at', 'created_at'])
    .execute();

  await db.schema
    .createTable('project_members')
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('project_members_org_idx')
    .on('project_members')
    .columns(['org_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('activity')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('app', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('activity_org_time_idx')
    .on('activity')
    .columns(['org_id', 'created_at'])
    .execute();
}
