/**
 * Alerts: rules on live data, the per rule and sensor evaluation state (so a pending duration survives a
 * restart), alerts every app raises with their timeline, per-recipient notifications and silences.
 * One open alert per (organization, dedupe key): the partial unique index is what makes an alert fire
 * once when several nodes evaluate the same reading.
 */
import { type Kysely, sql } from 'kysely';

/** Creates alert_rules, alert_rule_states, alerts, alert_events, alert_notifications, alert_silences. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table alert_rules (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs(id) on delete cascade,
      rule_name text not null,
      description text not null default '',
      severity text not null,
      enabled boolean not null default true,
      message text not null,
      scope_kind text not null,
      scope_id uuid not null,
      data jsonb not null,
      policy jsonb not null,
      grouping text not null,
      media jsonb not null default '[]'::jsonb,
      recipients jsonb not null,
      actions jsonb not null default '[]'::jsonb,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      archived_at timestamptz
    )`.execute(db);
  await sql`create index alert_rules_scope_idx on alert_rules (org_id, scope_kind, scope_id) where archived_at is null`.execute(
    db,
  );

  await sql`
    create table alert_rule_states (
      rule_id uuid not null references alert_rules(id) on delete cascade,
      sensor_id uuid not null references entities(id) on delete cascade,
      org_id uuid not null references orgs(id) on delete cascade,
      state text not null default 'ok',
      since timestamptz,
      last_ts timestamptz,
      last_values jsonb not null default '{}'::jsonb,
      alert_id uuid,
      updated_at timestamptz not null default now(),
      primary key (rule_id, sensor_id)
    )`.execute(db);
  await sql`create index alert_rule_states_pending_idx on alert_rule_states (since) where state = 'pending'`.execute(
    db,
  );

  await sql`
    create table alerts (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs(id) on delete cascade,
      rule_id uuid references alert_rules(id) on delete set null,
      app text not null,
      status text not null default 'active',
      archived_at timestamptz,
      severity text not null,
      policy_name text not null default '',
      policy jsonb not null default '{}'::jsonb,
      description text not null,
      media jsonb not null default '[]'::jsonb,
      recipient_spec jsonb not null default '{}'::jsonb,
      told jsonb not null default '[]'::jsonb,
      entity_kind text,
      entity_id uuid,
      entity_name text,
      entity_path text,
      param_key text,
      value double precision,
      threshold text,
      triggered_at timestamptz,
      dedupe_key text not null,
      group_key text not null,
      fired_at timestamptz not null default now(),
      acknowledged_at timestamptz,
      acknowledged_by uuid references users(id) on delete set null,
      cleared_at timestamptz,
      resolved_at timestamptz,
      assignee_id uuid references users(id) on delete set null,
      snoozed_until timestamptz,
      escalation_step integer not null default 0,
      repeat_round integer not null default 0,
      comments integer not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create unique index alerts_open_once_idx on alerts (org_id, dedupe_key)
      where status in ('active', 'acknowledged')`.execute(db);
  await sql`create index alerts_org_fired_idx on alerts (org_id, fired_at desc)`.execute(db);
  await sql`create index alerts_entity_idx on alerts (org_id, entity_id, triggered_at)`.execute(db);
  await sql`create index alerts_rule_idx on alerts (rule_id) where rule_id is not null`.execute(db);
  // The notification tick's reads: active alerts by age, and a group's alerts.
  await sql`create index alerts_active_fired_idx on alerts (fired_at) where status = 'active'`.execute(db);
  await sql`create index alerts_group_idx on alerts (org_id, group_key)`.execute(db);

  await sql`
    create table alert_events (
      id bigserial primary key,
      org_id uuid not null references orgs(id) on delete cascade,
      alert_id uuid not null references alerts(id) on delete cascade,
      at timestamptz not null default now(),
      kind text not null,
      actor_id uuid references users(id) on delete set null,
      text text not null default ''
    )`.execute(db);
  await sql`create index alert_events_alert_idx on alert_events (alert_id, id)`.execute(db);

  await sql`
    create table alert_notifications (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs(id) on delete cascade,
      alert_id uuid not null references alerts(id) on delete cascade,
      medium text not null,
      recipient text not null,
      user_id uuid references users(id) on delete set null,
      status text not null default 'queued',
      attempts integer not null default 0,
      last_error text,
      round integer not null default 0,
      step integer not null default 0,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      read_at timestamptz,
      unique (alert_id, medium, recipient, round, step)
    )`.execute(db);
  await sql`create index alert_notifications_queued_idx on alert_notifications (created_at) where status = 'queued'`.execute(
    db,
  );
  await sql`create index alert_notifications_unread_idx on alert_notifications (org_id, user_id) where medium = 'in_app' and read_at is null`.execute(
    db,
  );

  await sql`
    create table alert_silences (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs(id) on delete cascade,
      matcher_kind text not null,
      matcher_id uuid not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      comment text not null default '',
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index alert_silences_org_idx on alert_silences (org_id, ends_at)`.execute(db);
}
