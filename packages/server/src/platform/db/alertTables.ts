/** Kysely table types of Alerts (migration 0017); `Database` in schema.ts lists them. */
import type {
  Condition,
  Recipients,
  RuleAction,
  RuleClear,
  RulePolicy,
  RuleSchedule,
  RuleScope,
} from '@ferrite/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columnTypes';

type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
type Json<T> = ColumnType<T, string, string>;
type Moment = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A rule's "data" as stored: its scope also in scope_kind / scope_id for lookups. */
export interface StoredRuleData {
  scope: RuleScope;
  condition: Condition;
  for_s: number;
  clear: RuleClear;
  schedule: RuleSchedule | null;
}

export interface AlertRulesTable {
  id: Generated<string>;
  org_id: string;
  rule_name: string;
  description: Generated<string>;
  severity: string;
  enabled: Generated<boolean>;
  message: string;
  scope_kind: string;
  scope_id: string;
  data: Json<StoredRuleData>;
  policy: Json<RulePolicy>;
  grouping: string;
  media: JsonWithDefault<string[]>;
  recipients: Json<Recipients>;
  actions: JsonWithDefault<RuleAction[]>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Moment;
  archived_at: MaybeMoment;
}

/** The latest values a rule and sensor evaluation keeps, by parameter key. */
export type RuleStateValues = Record<string, { v: number; ts: number }>;

export interface AlertRuleStatesTable {
  rule_id: string;
  sensor_id: string;
  org_id: string;
  /** ok | pending | firing */
  state: Generated<string>;
  /** Since when (data time) the condition has held: pending's start, or when it fired. */
  since: MaybeMoment;
  /** The newest reading time seen for the rule's parameters (staleness looks at it). */
  last_ts: MaybeMoment;
  last_values: JsonWithDefault<RuleStateValues>;
  alert_id: string | null;
  updated_at: Moment;
}

export interface AlertsTable {
  id: Generated<string>;
  org_id: string;
  rule_id: string | null;
  app: string;
  status: Generated<string>;
  archived_at: MaybeMoment;
  severity: string;
  policy_name: Generated<string>;
  /** The policy as it was when the alert fired: repeats and escalation follow it. */
  policy: JsonWithDefault<RulePolicy | Record<string, never>>;
  description: string;
  media: JsonWithDefault<string[]>;
  /** Who is to be told (the rule's recipients when it fired). */
  recipient_spec: JsonWithDefault<Recipients | Record<string, never>>;
  /** Everyone told so far (names or addresses), the spec's "recipients". */
  told: JsonWithDefault<string[]>;
  entity_kind: string | null;
  entity_id: string | null;
  entity_name: string | null;
  entity_path: string | null;
  param_key: string | null;
  value: number | null;
  threshold: string | null;
  triggered_at: MaybeMoment;
  /** One open alert per (org_id, dedupe_key): the partial unique index alerts_open_once_idx. */
  dedupe_key: string;
  /** Alerts with the same group key are notified together (the rule's grouping). */
  group_key: string;
  fired_at: Moment;
  acknowledged_at: MaybeMoment;
  acknowledged_by: string | null;
  cleared_at: MaybeMoment;
  resolved_at: MaybeMoment;
  assignee_id: string | null;
  snoozed_until: MaybeMoment;
  escalation_step: Generated<number>;
  repeat_round: Generated<number>;
  comments: Generated<number>;
  updated_at: Moment;
}

export interface AlertEventsTable {
  id: Generated<string>;
  org_id: string;
  alert_id: string;
  at: Moment;
  kind: string;
  actor_id: string | null;
  text: Generated<string>;
}

export interface AlertNotificationsTable {
  id: Generated<string>;
  org_id: string;
  alert_id: string;
  medium: string;
  recipient: string;
  user_id: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  round: Generated<number>;
  step: Generated<number>;
  created_at: CreatedAt;
  sent_at: MaybeMoment;
  read_at: MaybeMoment;
}

export interface AlertSilencesTable {
  id: Generated<string>;
  org_id: string;
  matcher_kind: string;
  matcher_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  comment: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
}
