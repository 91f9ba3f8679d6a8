/** The words of a notification: an e-mail subject and body, and the short text of an SMS or WhatsApp. */
import { type AlertMedium, APPS, type AppKey, MEDIUM_LABELS } from '@ferrite/contracts';
import type { PresentableAlert } from '../lifecycle/repository';

/** What an alert is about, in a few words: its rule (or app) and its entity. */
function title(alert: PresentableAlert): { rule: string; entity: string } {
  return {
    rule: alert.rule_name ?? APPS[alert.app as AppKey]?.title ?? alert.app,
    entity: alert.entity_name ?? alert.description,
  };
}

function when(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "[CRITICAL] Bearing hot: P-101" (escalations say so). */
export function mailSubject(alert: PresentableAlert, step: number): string {
  const { rule, entity } = title(alert);
  const escalated = step > 0 ? ' (escalated)' : '';
  return `[${alert.severity.toUpperCase()}] ${rule}: ${entity}${escalated}`;
}

/** A readable plain-text body: what fired, the value, when, and where to act. */
export function mailBody(alert: PresentableAlert, step: number): string {
  const { rule, entity } = title(alert);
  const lines = [
    step > 0
      ? `This alert is still not acknowledged, so it was escalated (step ${step}).`
      : 'An alert fired.',
    '',
    `Alert: ${rule}`,
    `Severity: ${alert.severity}`,
    `What: ${alert.description}`,
  ];
  if (alert.entity_name) lines.push(`Where: ${alert.entity_path || entity}`);
  if (alert.value !== null)
    lines.push(
      `Value: ${alert.param_key ? `${alert.param_key} = ` : ''}${alert.value}${alert.threshold ? ` (threshold ${alert.threshold})` : ''}`,
    );
  lines.push(`Time: ${when(alert.triggered_at ?? alert.fired_at)}`);
  lines.push('', 'Open the Alerts app in Ferrite to acknowledge it; until then it may be repeated.');
  return lines.join('\n');
}

/** One short line for SMS and WhatsApp. */
export function shortText(alert: PresentableAlert, step: number): string {
  const { rule, entity } = title(alert);
  const value = alert.value !== null ? ` ${alert.param_key ?? 'value'} ${alert.value}` : '';
  const escalated = step > 0 ? ' ESCALATED' : '';
  return `[${alert.severity.toUpperCase()}${escalated}] ${rule}: ${entity}${value} at ${when(alert.triggered_at ?? alert.fired_at)}. Acknowledge in Ferrite Alerts.`;
}

/** "E-mail to a@b.c, SMS to +49…, In-app to Anna": a round in one timeline line. */
export function roundSummary(sent: readonly { medium: string; recipient: string }[]): string {
  return sent
    .map((item) => `${MEDIUM_LABELS[item.medium as AlertMedium] ?? item.medium} to ${item.recipient}`)
    .join(', ');
}
