/**
 * Dashboards: dashboards, their panels and subpanels, widget instances and command widgets placed in
 * them, password links (exports) and e-mail shares, who opened what recently, and wrong link
 * passwords for throttling. Every table is prefixed `dashboard_` so the names never meet another
 * module's (reports have widget instances of their own).
 */
import { type Kysely, sql } from 'kysely';

/** Creates the dashboard tables. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;
  const emptyObject = sql`'{}'::jsonb`;

  await db.schema
    .createTable('dashboards')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('layout', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('dashboards_org_idx')
    .on('dashboards')
    .columns(['org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('dashboard_panels')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dashboard_panels_dashboard_idx')
    .on('dashboard_panels')
    .columns(['org_id', 'dashboard_id', 'position'])
    .execute();

  await db.schema
    .createTable('dashboard_subpanels')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('panel_id', 'uuid', (c) => c.notNull().references('dashboard_panels.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dashboard_subpanels_panel_idx')
    .on('dashboard_subpanels')
    .columns(['org_id', 'panel_id', 'position'])
    .execute();

  // Widgets and command widgets: `layout` is their react-grid-layout item in the panel (or subpanel).
  await db.schema
    .createTable('dashboard_widgets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('panel_id', 'uuid', (c) => c.notNull().references('dashboard_panels.id').onDelete('cascade'))
    .addColumn('subpanel_id', 'uuid', (c) => c.references('dashboard_subpanels.id').onDelete('cascade'))
    .addColumn('widget_id', 'text', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    // The sensor parameters the config's series read, kept beside it so "which widgets read this
    // sensor" (shared-view socket rooms) is one containment query.
    .addColumn('bindings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dashboard_widgets_panel_idx')
    .on('dashboard_widgets')
    .columns(['org_id', 'panel_id'])
    .execute();
  await db.schema
    .createIndex('dashboard_widgets_dashboard_idx')
    .on('dashboard_widgets')
    .columns(['org_id', 'dashboard_id'])
    .execute();

  await db.schema
    .createTable('dashboard_command_widgets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('panel_id', 'uuid', (c) => c.notNull().references('dashboard_panels.id').onDelete('cascade'))
    .addColumn('subpanel_id', 'uuid', (c) => c.references('dashboard_subpanels.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway_id', 'uuid', (c) => c.references('gateways.id').onDelete('set null'))
    .addColumn('command_name', 'text', (c) => c.notNull())
    .addColumn('value_template', 'jsonb', (c) => c.notNull())
    .addColumn('confirmation_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dashboard_command_widgets_panel_idx')
    .on('dashboard_command_widgets')
    .columns(['org_id', 'panel_id'])
    .execute();

  // A password link: the id is the uuid in /dashboards/{uuid}. token_version rises whenever the
  // password changes, so share tokens signed before stop working.
  await db.schema
    .createTable('dashboard_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_set_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dashboard_exports_dashboard_idx')
    .on('dashboard_exports')
    .columns(['org_id', 'dashboard_id'])
    .execute();

  await db.schema
    .createTable('dashboard_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shared_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('dashboard_shares_dashboard_email_idx')
    .on('dashboard_shares')
    .columns(['org_id', 'dashboard_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('dashboard_shares_user_idx')
    .on('dashboard_shares')
    .columns(['org_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('dashboard_opens')
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('dashboard_opens_pk', ['org_id', 'user_id', 'dashboard_id'])
    .execute();
  await sql`create index dashboard_opens_recent_idx on dashboard_opens (org_id, user_id, opened_at desc)`.execute(
    db,
  );

  // Wrong link passwords: one row per failure and key (`link:<uuid>`, `ip:<address>`), like sign-in.
  await sql`
    create table dashboard_share_failures (
      id bigint generated always as identity primary key,
      org_id uuid not null references orgs(id) on delete cascade,
      key text not null,
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index dashboard_share_failures_key_idx on dashboard_share_failures (key, failed_at)`.execute(
    db,
  );
  await sql`create index dashboard_share_failures_org_idx on dashboard_share_failures (org_id)`.execute(db);
}
