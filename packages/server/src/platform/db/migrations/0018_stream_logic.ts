/**
 * Stream Logic: logic chains per project with their deployed versions, the state their window,
 * deduplicate and merge nodes keep (in the database, so a restart or a second node finds it), the
 * counts and failures the editor's trace shows, and the chain activity log.
 *
 * Window buckets are upserted with arithmetic on conflict, so two nodes adding to one window agree;
 * a closed window is claimed by `delete … returning`, so it is emitted once.
 */
import { type Kysely, sql } from 'kysely';

/** Creates pipelines, pipeline_versions, pipeline_window_buckets, pipeline_node_state, pipeline_counters, pipeline_failures, pipeline_activity. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table pipelines (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs(id) on delete cascade,
      project_id uuid not null references projects(id) on delete cascade,
      name text not null,
      description text not null default '',
      enabled boolean not null default false,
      revision integer not null default 1,
      actions jsonb not null default '[]'::jsonb,
      connections jsonb not null default '[]'::jsonb,
      debug_all boolean not null default false,
      debug_nodes jsonb not null default '[]'::jsonb,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_by uuid references users(id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index pipelines_project_idx on pipelines (org_id, project_id, updated_at desc)`.execute(
    db,
  );
  await sql`create index pipelines_enabled_idx on pipelines (org_id) where enabled`.execute(db);

  await sql`
    create table pipeline_versions (
      pipeline_id uuid not null references pipelines(id) on delete cascade,
      revision integer not null,
      org_id uuid not null references orgs(id) on delete cascade,
      name text not null,
      description text not null default '',
      actions jsonb not null,
      connections jsonb not null,
      diff jsonb not null,
      rollback_of integer,
      deployed_by uuid references users(id) on delete set null,
      deployed_at timestamptz not null default now(),
      primary key (pipeline_id, revision)
    )`.execute(db);

  await sql`
    create table pipeline_window_buckets (
      pipeline_id uuid not null references pipelines(id) on delete cascade,
      node_id text not null,
      group_key text not null,
      bucket_start bigint not null,
      count bigint not null,
      sum double precision not null,
      min double precision not null,
      max double precision not null,
      first_ts double precision not null,
      first_value double precision not null,
      last_ts double precision not null,
      last_value double precision not null,
      sample jsonb not null,
      primary key (pipeline_id, node_id, group_key, bucket_start)
    )`.execute(db);
  await sql`create index pipeline_window_buckets_start_idx on pipeline_window_buckets (bucket_start)`.execute(
    db,
  );

  await sql`
    create table pipeline_node_state (
      pipeline_id uuid not null references pipelines(id) on delete cascade,
      node_id text not null,
      state_key text not null,
      ts double precision not null,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (pipeline_id, node_id, state_key)
    )`.execute(db);

  await sql`
    create table pipeline_counters (
      pipeline_id uuid not null references pipelines(id) on delete cascade,
      revision integer not null,
      element text not null,
      kind text not null,
      count bigint not null default 0,
      primary key (pipeline_id, revision, element, kind)
    )`.execute(db);

  await sql`
    create table pipeline_failures (
      id bigserial primary key,
      pipeline_id uuid not null references pipelines(id) on delete cascade,
      node_id text not null,
      at timestamptz not null default now(),
      entry jsonb not null
    )`.execute(db);
  await sql`create index pipeline_failures_node_idx on pipeline_failures (pipeline_id, node_id, id desc)`.execute(
    db,
  );

  await sql`
    create table pipeline_activity (
      id bigserial primary key,
      org_id uuid not null references orgs(id) on delete cascade,
      project_id uuid not null references projects(id) on delete cascade,
      pipeline_id uuid references pipelines(id) on delete set null,
      pipeline_name text not null,
      kind text not null,
      revision integer,
      node_id text,
      actor_id uuid references users(id) on delete set null,
      detail text not null default '',
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index pipeline_activity_project_idx on pipeline_activity (org_id, project_id, id desc)`.execute(
    db,
  );
}
