/**
 * Alert rules (spec §3 "Alert rule": rule name, severity, message, data, policy, grouping, media,
 * recipients), plus automation on fire and on clear. Calls beside §7's alert calls:
 * `/alert/orgs/{orgId}/rules` (list, create), `/rules/{id}` (read, replace, delete),
 * `/rules/{id}/archive|unarchive`, `/rules/export`, `/rules/import`, `/rules/preview`, `/rules/backtest`.
 */
import { z } from 'zod';
import { abilitiesSchema, archivedFlagSchema, pageQuerySchema, tabCountsSchema, uuidParam } from '../lists';
import { freeText, nameText, textSchema } from '../text';
import {
  CONDITION_MAX_DEPTH,
  CONDITION_MAX_LEAVES,
  type Condition,
  conditionDepth,
  conditionLeaves,
  conditionSchema,
} from './conditions';

export const ALERT_SEVERITIES = ['critical', 'major', 'minor', 'warning', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
/** The colour each severity is shown in (Mantine colour names), most severe first. */
export const SEVERITY_COLORS: Record<AlertSeverity, string> = {
  critical: 'red',
  major: 'orange',
  minor: 'yellow',
  warning: 'grape',
  info: 'blue',
};

export const ALERT_MEDIA = ['sms', 'whatsapp', 'email', 'in_app'] as const;
export type AlertMedium = (typeof ALERT_MEDIA)[number];
export const MEDIUM_LABELS: Record<AlertMedium, string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  in_app: 'In-app',
};

/** What one alert stands for: one per rule, per sensor, or per asset (the sensor's parent). */
export const ALERT_GROUPINGS = ['rule', 'sensor', 'asset'] as const;
export type AlertGrouping = (typeof ALERT_GROUPINGS)[number];

/** Which entities a rule covers; sensors created later under a type or an asset are covered too. */
export const ruleScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sensor'), sensor_id: uuidParam('sensor_id') }).strict(),
  z.object({ kind: z.literal('sensor_type'), type_id: uuidParam('type_id') }).strict(),
  z.object({ kind: z.literal('asset'), asset_id: uuidParam('asset_id') }).strict(),
]);
export type RuleScope = z.infer<typeof ruleScopeSchema>;

/**
 * When a firing alert clears: when the condition no longer holds (`inverse`), when every threshold is
 * crossed back by `amount` (`hysteresis`: no flapping around the line), or when a condition of its own holds.
 */
export const ruleClearSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('inverse') }).strict(),
  z
    .object({
      kind: z.literal('hysteresis'),
      amount: z
        .number({ error: 'Hysteresis must be a number' })
        .positive({ error: 'Hysteresis must be above 0' }),
    })
    .strict(),
  z.object({ kind: z.literal('condition'), condition: conditionSchema }).strict(),
]);
export type RuleClear = z.infer<typeof ruleClearSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Times are HH:MM (00:00-23:59)' });
/** When a rule is active: these weekdays (0 Sunday … 6 Saturday), from–to in the time zone (to < from wraps midnight). */
export const ruleScheduleSchema = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6), { error: 'Days are 0 (Sunday) to 6 (Saturday)' })
      .min(1, { error: 'Please choose at least one day' })
      .max(7),
    from: clockTime,
    to: clockTime,
    timezone: z
      .string()
      .refine(isTimeZone, { error: 'Time zone must be an IANA name such as Europe/Berlin' }),
  })
  .strict();
export type RuleSchedule = z.infer<typeof ruleScheduleSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

/** What a rule watches (spec "data"): which entities, the condition, for how long, when it clears, when it is active. */
export const ruleDataSchema = z
  .object({
    scope: ruleScopeSchema,
    condition: conditionSchema,
    /** The condition must hold this long before the alert fires ("for 5 minutes"); 0 fires at once. */
    for_s: z
      .number()
      .int()
      .min(0)
      .max(86_400, { error: 'Pending duration must be at most 1 day' })
      .default(0),
    clear: ruleClearSchema.default({ kind: 'inverse' }),
    schedule: ruleScheduleSchema.nullable().default(null),
  })
  .strict()
  .superRefine((data, ctx) => checkConditionSize(data.condition, ['condition'], ctx));

function checkConditionSize(condition: Condition, path: string[], ctx: z.RefinementCtx): void {
  if (conditionDepth(condition) > CONDITION_MAX_DEPTH)
    ctx.addIssue({ code: 'custom', path, message: `Groups nest at most ${CONDITION_MAX_DEPTH} deep` });
  if (conditionLeaves(condition).length > CONDITION_MAX_LEAVES)
    ctx.addIssue({
      code: 'custom',
      path,
      message: `A rule holds at most ${CONDITION_MAX_LEAVES} conditions`,
    });
}
export type RuleData = z.infer<typeof ruleDataSchema>;

/** One step of escalation: when the alert is still unacknowledged `after_s` after firing, tell these too. */
export const escalationStepSchema = z
  .object({
    after_s: z
      .number()
      .int()
      .min(60, { error: 'Escalate after at least 60 seconds' })
      .max(7 * 86_400),
    media: z.array(z.enum(ALERT_MEDIA)).min(1, { error: 'Please choose how to escalate' }),
    recipients: z.lazy(() => recipientsSchema),
  })
  .strict();
/**
 * How notifications are paced (spec "policy"): wait `group_wait_s` after the first alert of a group to
 * gather others, send a group's news at most every `group_interval_s`, repeat an unacknowledged alert every
 * `repeat_interval_s` (0 never), and escalate step by step while nobody acknowledges.
 */
export const rulePolicySchema = z
  .object({
    name: nameText('Policy name', 80).min(1, { error: 'Please name the policy' }).default('Default'),
    group_wait_s: z.number().int().min(0).max(3_600).default(0),
    group_interval_s: z.number().int().min(0).max(86_400).default(300),
    repeat_interval_s: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(3_600),
    escalation: z.array(escalationStepSchema).max(5, { error: 'At most 5 escalation steps' }).default([]),
  })
  .strict();
export type RulePolicy = z.infer<typeof rulePolicySchema>;
export type EscalationStep = z.infer<typeof escalationStepSchema>;

/** An e-mail address, or a phone number in E.164 form for SMS and WhatsApp (sent as `whatsapp:+…`). */
export const recipientAddressSchema = textSchema('Address', { max: 254 }).refine(
  (address) => /^\+[1-9]\d{6,14}$/.test(address) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address),
  { error: 'An address is an e-mail address or a phone number such as +4915112345678' },
);
/** Who is told: members (by their profile's e-mail and phone), every member of user groups, and plain addresses. */
export const recipientsSchema = z
  .object({
    user_ids: z.array(uuidParam('user_ids')).max(100).default([]),
    group_ids: z.array(uuidParam('group_ids')).max(50).default([]),
    addresses: z.array(recipientAddressSchema).max(50).default([]),
  })
  .strict();
export type Recipients = z.infer<typeof recipientsSchema>;

/** What happens on fire or on clear, besides notifications. */
export const AUTOMATION_EVENTS = ['fire', 'clear'] as const;
export type AutomationEvent = (typeof AUTOMATION_EVENTS)[number];
export const ruleActionSchema = z.discriminatedUnion('kind', [
  /** A command to a gateway, through the IoT Manager (followed to its end there). */
  z
    .object({
      kind: z.literal('command'),
      on: z.enum(AUTOMATION_EVENTS),
      gateway_id: uuidParam('gateway_id'),
      name: nameText('Command name', 120).regex(/^[\w.:-]+$/, {
        error: 'A command name holds letters, digits and _ . : - only',
      }),
      value: z.unknown(),
    })
    .strict(),
  /** A POST of the alert as JSON, signed with HMAC-SHA256 (header X-Ferrite-Signature), retried with backoff. */
  z
    .object({
      kind: z.literal('webhook'),
      on: z.enum(AUTOMATION_EVENTS),
      url: textSchema('Webhook URL', { max: 2_000 })
        .url({ error: 'Webhook URL must be an http(s) URL' })
        .refine((url) => /^https?:\/\//i.test(url), { error: 'Webhook URL must be an http(s) URL' }),
    })
    .strict(),
  /** A value written to a (virtual) sensor's parameter, as a reading. */
  z
    .object({
      kind: z.literal('virtual_sensor'),
      on: z.enum(AUTOMATION_EVENTS),
      sensor_id: uuidParam('sensor_id'),
      param_key: nameText('Parameter', 120).min(1, { error: 'Please choose a parameter' }),
      value: z
        .number({ error: 'Value must be a number' })
        .refine(Number.isFinite, { error: 'Value must be finite' }),
    })
    .strict(),
]);
export type RuleAction = z.infer<typeof ruleActionSchema>;

/** Placeholders a message template may use. */
export const MESSAGE_PLACEHOLDERS = [
  'rule',
  'severity',
  'sensor',
  'asset_path',
  'param',
  'value',
  'threshold',
  'time',
] as const;
export const DEFAULT_ALERT_MESSAGE =
  '{{rule}}: {{sensor}} ({{asset_path}}) {{param}} = {{value}}, threshold {{threshold}} at {{time}}';

/** Create or replace a rule. */
export const ruleBodySchema = z
  .object({
    rule_name: nameText('Rule name', 120).min(1, { error: 'Please enter a rule name' }),
    description: freeText('Description', 1_000).default(''),
    severity: z.enum(ALERT_SEVERITIES, { error: 'Severity is critical, major, minor, warning or info' }),
    enabled: z.boolean().default(true),
    message: freeText('Message', 1_000)
      .min(1, { error: 'Please enter a message' })
      .default(DEFAULT_ALERT_MESSAGE),
    data: ruleDataSchema,
    policy: rulePolicySchema.default(rulePolicySchema.parse({})),
    grouping: z.enum(ALERT_GROUPINGS).default('sensor'),
    media: z.array(z.enum(ALERT_MEDIA)).max(4).default(['in_app']),
    recipients: recipientsSchema.default({ user_ids: [], group_ids: [], addresses: [] }),
    actions: z.array(ruleActionSchema).max(10, { error: 'At most 10 automation actions' }).default([]),
  })
  .strict();
export type RuleBody = z.input<typeof ruleBodySchema>;
export type RuleInput = z.output<typeof ruleBodySchema>;

export const alertRuleSchema = z.object({
  id: z.string().uuid(),
  rule_name: z.string(),
  description: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  enabled: z.boolean(),
  message: z.string(),
  data: z.object({
    scope: ruleScopeSchema,
    condition: z.custom<Condition>(),
    for_s: z.number(),
    clear: z.custom<RuleClear>(),
    schedule: z.custom<RuleSchedule>().nullable(),
  }),
  policy: z.custom<RulePolicy>(),
  grouping: z.enum(ALERT_GROUPINGS),
  media: z.array(z.enum(ALERT_MEDIA)),
  recipients: z.custom<Recipients>(),
  actions: z.array(z.custom<RuleAction>()),
  /** The scope in words ("every Pump bearing sensor", "P-101 bearing"), and how many sensors it covers now. */
  scope_label: z.string(),
  covered_sensors: z.number().int(),
  /** Alerts of this rule still open (active or acknowledged), as the home's severity counts count them. */
  open_alerts: z.number().int(),
  archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const ruleListQuerySchema = pageQuerySchema.extend({
  is_archived: archivedFlagSchema,
  severity: z.enum(ALERT_SEVERITIES).optional(),
});
export const ruleListResponseSchema = z.object({
  rules: z.array(alertRuleSchema),
  total_entries: z.number().int(),
  counts: tabCountsSchema,
  abilities: abilitiesSchema,
});
export type RuleListResponse = z.infer<typeof ruleListResponseSchema>;

/** Export / import: the rules' bodies, references by id (an import checks they exist in the organization). */
export const RULES_EXPORT_FORMAT = 'ferrite.alert-rules/1';
export const rulesExportSchema = z
  .object({
    format: z.literal(RULES_EXPORT_FORMAT, {
      error: `The file is not a Ferrite rules export (${RULES_EXPORT_FORMAT})`,
    }),
    exported_at: z.string().optional(),
    rules: z
      .array(ruleBodySchema)
      .min(1, { error: 'The file holds no rules' })
      .max(1_000, { error: 'At most 1,000 rules at once' }),
  })
  .strict();
export type RulesExport = z.input<typeof rulesExportSchema>;
export const rulesImportResponseSchema = z.object({
  imported: z.number().int(),
  rules: z.array(alertRuleSchema),
});

/** Preview: the condition against each covered sensor's latest values (up to 50 sensors). */
export const rulePreviewBodySchema = z.object({ data: ruleDataSchema }).strict();
export const rulePreviewResponseSchema = z.object({
  sensors: z.array(
    z.object({
      sensor_id: z.string().uuid(),
      sensor_name: z.string(),
      asset_path: z.string(),
      values: z.record(z.string(), z.object({ value: z.number(), ts: z.string() })),
      /** Whether the condition holds on these values (null: a value it needs is missing). */
      matches: z.boolean().nullable(),
    }),
  ),
  covered_sensors: z.number().int(),
});
export type RulePreview = z.infer<typeof rulePreviewResponseSchema>;

/** Backtest: when the rule would have fired and cleared over the history (1-minute values, at most 7 days). */
export const BACKTEST_MAX_DAYS = 7;
export const ruleBacktestBodySchema = z
  .object({
    data: ruleDataSchema,
    days: z.number().int().min(1).max(BACKTEST_MAX_DAYS).default(BACKTEST_MAX_DAYS),
  })
  .strict();
export const ruleBacktestResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  firings: z.array(
    z.object({
      sensor_id: z.string().uuid(),
      sensor_name: z.string(),
      fired_at: z.string(),
      cleared_at: z.string().nullable(),
      value: z.number(),
    }),
  ),
  /** Per covered sensor (up to 50), how many times it would have fired. */
  sensors: z.array(
    z.object({ sensor_id: z.string().uuid(), sensor_name: z.string(), firings: z.number().int() }),
  ),
  evaluated_points: z.number().int(),
});
export type RuleBacktest = z.infer<typeof ruleBacktestResponseSchema>;

/**
 * The organization's webhook signing key (`GET /alert/orgs/{orgId}/webhook_key`, rule managers): a
 * receiver checks `X-Ferrite-Signature: sha256=<hex HMAC-SHA256 of the raw body under this key>`.
 */
export const webhookKeyResponseSchema = z.object({
  key: z.string(),
  header: z.literal('X-Ferrite-Signature'),
  algorithm: z.literal('HMAC-SHA256'),
});
export type WebhookKey = z.infer<typeof webhookKeyResponseSchema>;
