/**
 * Alerts (spec §3 "Alert": alert id, alert rule, time, app, status, communication medium, recipients,
 * severity, policy name, description; the list has total_entries) and §7's calls:
 * `GET /alert/orgs/{orgId}/alert` (filters, paging → alerts, total_entries), `GET|PUT|DELETE
 * /alert/orgs/{orgId}/alert/{id}`, plus `POST …/alert/{id}/acknowledge|clear|resolve|comments`,
 * `POST …/alert/acknowledge` (several), `GET …/alert/{id}/timeline`.
 * Any app raises alerts (`app` says which): rules here, the IoT Manager's gateway offline, later Stream
 * Logic, Data Cruncher and PDM.
 */
import { z } from 'zod';
import { APP_KEYS, type AppKey } from '../apps';
import { abilitiesSchema, archivedFlagSchema, pageQuerySchema, tabCountsSchema, uuidParam } from '../lists';
import { freeText } from '../text';
import { ALERT_MEDIA, ALERT_SEVERITIES, type AlertSeverity } from './rules';

/** active → acknowledged → cleared → resolved; archiving is a flag beside the status (the Archived tab). */
export const ALERT_STATUSES = ['active', 'acknowledged', 'cleared', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** Statuses in which an alert is still open: it repeats, escalates and blocks a second alert for the same thing. */
export const OPEN_ALERT_STATUSES = ['active', 'acknowledged'] as const satisfies readonly AlertStatus[];

export const ALERT_ENTITY_KINDS = ['sensor', 'asset', 'gateway'] as const;
export const alertEntitySchema = z.object({
  kind: z.enum(ALERT_ENTITY_KINDS),
  id: z.string().uuid(),
  name: z.string(),
  /** Where it sits: "Plant / Hall A / P-101" for entities, the project for gateways. */
  path: z.string(),
});
export type AlertEntity = z.infer<typeof alertEntitySchema>;

const person = z.object({ id: z.string().uuid(), name: z.string() });

export const alertSchema = z.object({
  id: z.string().uuid(),
  alert_rule: z.object({ id: z.string().uuid(), rule_name: z.string() }).nullable(),
  /** When it fired. */
  time: z.string(),
  app: z.enum(APP_KEYS),
  status: z.enum(ALERT_STATUSES),
  archived: z.boolean(),
  communication_medium: z.array(z.enum(ALERT_MEDIA)),
  /** Everyone told so far, as names or addresses. */
  recipients: z.array(z.string()),
  severity: z.enum(ALERT_SEVERITIES),
  policy_name: z.string(),
  description: z.string(),
  entity: alertEntitySchema.nullable(),
  /** The parameter and value that fired it, and the data point's own time (the chart marks it there). */
  param_key: z.string().nullable(),
  value: z.number().nullable(),
  triggered_at: z.string().nullable(),
  /** The threshold in words ("> 7.5"). */
  threshold: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: person.nullable(),
  cleared_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  assignee: person.nullable(),
  snoozed_until: z.string().nullable(),
  comments: z.number().int(),
  updated_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

const csvOf = <T extends string>(values: readonly [T, ...T[]], field: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      const parts = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const part of parts)
        if (!(values as readonly string[]).includes(part)) {
          ctx.addIssue({ code: 'custom', message: `${field} must be one of ${values.join(', ')}` });
          return z.NEVER;
        }
      return parts as T[];
    });

export const alertListQuerySchema = pageQuerySchema.extend({
  is_archived: archivedFlagSchema,
  /** Comma-separated. */
  status: csvOf(ALERT_STATUSES, 'status'),
  severity: csvOf(ALERT_SEVERITIES, 'severity'),
  app: z.enum(APP_KEYS).optional(),
  rule_id: uuidParam('rule_id').optional(),
  /** A sensor, asset or gateway. */
  entity_id: uuidParam('entity_id').optional(),
  /** Only alerts assigned to or sent in-app to the caller. */
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
});
export type AlertListQuery = z.input<typeof alertListQuerySchema>;

export const alertListResponseSchema = z.object({
  alerts: z.array(alertSchema),
  total_entries: z.number().int(),
  counts: tabCountsSchema,
  abilities: abilitiesSchema,
});
export type AlertListResponse = z.infer<typeof alertListResponseSchema>;

/** PUT an alert: its status, assignee, snooze and archive flag (any subset). */
export const alertUpdateBodySchema = z
  .object({
    status: z.enum(ALERT_STATUSES).optional(),
    assignee_id: uuidParam('assignee_id').nullable().optional(),
    /** Until then, no repeats or escalation; null wakes it. */
    snoozed_until: z.iso
      .datetime({ offset: true, error: 'snoozed_until must be an ISO date-time' })
      .nullable()
      .optional(),
    archived: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });
export type AlertUpdateBody = z.infer<typeof alertUpdateBodySchema>;

export const alertCommentBodySchema = z
  .object({ text: freeText('Comment', 2_000).min(1, { error: 'Please write a comment' }) })
  .strict();
export const alertBulkBodySchema = z
  .object({ ids: z.array(uuidParam('ids')).min(1, { error: 'Please choose alerts' }).max(500) })
  .strict();
export const alertBulkResponseSchema = z.object({ changed: z.number().int() });

export const ALERT_EVENT_KINDS = [
  'fired',
  'acknowledged',
  'cleared',
  'resolved',
  'reopened',
  'archived',
  'unarchived',
  'comment',
  'assigned',
  'snoozed',
  'notified',
  'escalated',
  'automation',
] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];
export const alertEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(ALERT_EVENT_KINDS),
  actor: person.nullable(),
  text: z.string(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

export const NOTIFICATION_STATUSES = ['queued', 'sent', 'failed', 'retrying', 'muted'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/** One message to one recipient by one medium, and how its delivery went. */
export const alertNotificationSchema = z.object({
  id: z.string().uuid(),
  medium: z.enum(ALERT_MEDIA),
  recipient: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** 0 the first round, then each repeat; escalation steps count from 1 in `step`. */
  round: z.number().int(),
  step: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AlertNotification = z.infer<typeof alertNotificationSchema>;
export const alertTimelineResponseSchema = z.object({
  events: z.array(alertEventSchema),
  notifications: z.array(alertNotificationSchema),
});
export type AlertTimeline = z.infer<typeof alertTimelineResponseSchema>;

/** Counts for the Alerts home: open alerts by severity and status, and what fired recently. */
export const alertSummaryResponseSchema = z.object({
  by_severity: z.record(z.enum(ALERT_SEVERITIES), z.number().int()),
  by_status: z.record(z.enum(ALERT_STATUSES), z.number().int()),
  recent: z.array(alertSchema),
  rules: z.object({ total: z.number().int(), enabled: z.number().int() }),
  active_silences: z.number().int(),
  /** Fired per hour over the last 24 hours, oldest first. */
  fired_per_hour: z.array(z.object({ hour: z.string(), count: z.number().int() })),
});
export type AlertSummary = z.infer<typeof alertSummaryResponseSchema>;

/** Alerts of some sensors in a window, for charts to mark (`GET /alert/orgs/{orgId}/marks`). */
export const alertMarksQuerySchema = z.object({
  sensor_ids: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(uuidParam('sensor_ids')).min(1).max(50)),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }),
});
export const alertMarkSchema = z.object({
  id: z.string().uuid(),
  sensor_id: z.string().uuid(),
  param_key: z.string().nullable(),
  triggered_at: z.string(),
  value: z.number().nullable(),
  severity: z.enum(ALERT_SEVERITIES),
  status: z.enum(ALERT_STATUSES),
  description: z.string(),
});
export type AlertMark = z.infer<typeof alertMarkSchema>;
export const alertMarksResponseSchema = z.object({ marks: z.array(alertMarkSchema) });

/** In-app notifications: the bell's unread count and marking them read. */
export const inboxUnreadResponseSchema = z.object({ unread: z.number().int() });
export const inboxReadBodySchema = z
  .object({ alert_ids: z.array(uuidParam('alert_ids')).max(500).optional() })
  .strict();

/** Silences (maintenance windows): no notifications for matching alerts between starts_at and ends_at. */
export const silenceMatcherSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rule'), rule_id: uuidParam('rule_id') }).strict(),
  z.object({ kind: z.literal('asset'), asset_id: uuidParam('asset_id') }).strict(),
  z.object({ kind: z.literal('sensor'), sensor_id: uuidParam('sensor_id') }).strict(),
]);
export type SilenceMatcher = z.infer<typeof silenceMatcherSchema>;
export const silenceBodySchema = z
  .object({
    matcher: silenceMatcherSchema,
    starts_at: z.iso.datetime({ offset: true, error: 'starts_at must be an ISO date-time' }),
    ends_at: z.iso.datetime({ offset: true, error: 'ends_at must be an ISO date-time' }),
    comment: freeText('Comment', 500).default(''),
  })
  .strict()
  .refine((body) => Date.parse(body.ends_at) > Date.parse(body.starts_at), {
    error: 'The silence must end after it starts',
    path: ['ends_at'],
  });
export const silenceSchema = z.object({
  id: z.string().uuid(),
  matcher: silenceMatcherSchema,
  /** What the matcher names, in words. */
  label: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  comment: z.string(),
  created_by: person.nullable(),
  created_at: z.string(),
});
export type Silence = z.infer<typeof silenceSchema>;
export const silenceListResponseSchema = z.object({
  silences: z.array(silenceSchema),
  total_entries: z.number().int(),
});

export const alertParamsSchema = z.object({ orgId: uuidParam('orgId'), id: uuidParam('id') });

/** Severities most severe first, for sorting and counters. */
export function severityRank(severity: AlertSeverity): number {
  return ALERT_SEVERITIES.indexOf(severity);
}

/** Apps that raise alerts today, for the app filter. */
export const ALERTING_APPS: readonly AppKey[] = [
  'alerts',
  'iotManager',
  'streamLogic',
  'dataCruncher',
  'pdm',
];

/** Live alert events, to the organization's `orgAlerts` room (members with the Alerts app). */
export const ALERT_SOCKET_EVENTS = {
  /** An alert was raised or changed (Alert). */
  changed: 'alert.changed',
  /** Members were told in-app about an alert (AlertNotifiedEvent): their bell counts it, a critical one toasts. */
  notified: 'alert.notified',
} as const;
export const alertNotifiedEventSchema = z.object({
  alert: alertSchema,
  user_ids: z.array(z.string().uuid()),
});
export type AlertNotifiedEvent = z.infer<typeof alertNotifiedEventSchema>;
