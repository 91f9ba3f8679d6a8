/**
 * Automation on fire and on clear: for each of the rule's actions for the event, a durable job. A
 * webhook is called here (webhook.ts); a gateway command and a virtual sensor's reading are jobs the IoT
 * Manager defines (the names in jobNames.ts), so Alerts never reaches into the IoT Manager. The rule is
 * read in the alert's own organization, and the IoT Manager checks that the gateway or sensor is too.
 */
import type { AutomationEvent, RuleAction } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import { presentAlert } from '../lifecycle/presenter';
import type { AlertRow } from '../lifecycle/raise';
import { AlertRepository } from '../lifecycle/repository';
import {
  AUTOMATION_COMMAND_JOB,
  AUTOMATION_OUTCOME_JOB,
  AUTOMATION_READING_JOB,
  type AutomationCommandJob,
  type AutomationReadingJob,
} from './jobNames';
import { AutomationRepository } from './repository';
import { WEBHOOK_JOB, type WebhookJobData } from './webhook';

/** Queues the rule's actions for the event; answers how many were queued. */
export async function runActions(
  deps: AppDeps,
  alert: AlertRow,
  event: AutomationEvent,
  now: Date = new Date(),
): Promise<number> {
  if (!alert.rule_id) return 0;
  const actions = (await new AutomationRepository(deps.db).ruleActions(alert.org_id, alert.rule_id)).filter(
    (action) => action.on === event,
  );
  if (actions.length === 0) return 0;
  const alerts = new AlertRepository(deps.db);
  const shown = await alerts.findPresentable(alert.org_id, alert.id);
  if (!shown) return 0;
  const eventName = event === 'fire' ? 'alert.fired' : 'alert.cleared';
  for (const action of actions) {
    try {
      await queueAction(deps, alert, action, {
        body: JSON.stringify({ event: eventName, alert: presentAlert(shown) }),
        eventName,
        now,
      });
    } catch (error) {
      deps.log.error({ err: error, alertId: alert.id, action: action.kind }, 'Automation not queued');
      await alerts.addEvent(
        alert.org_id,
        alert.id,
        'automation',
        null,
        `${describe(action)} failed: not queued`,
      );
    }
  }
  return actions.length;
}

async function queueAction(
  deps: AppDeps,
  alert: AlertRow,
  action: RuleAction,
  context: { body: string; eventName: WebhookJobData['event']; now: Date },
): Promise<void> {
  if (action.kind === 'webhook') {
    await deps.jobs.send<WebhookJobData>(WEBHOOK_JOB, {
      orgId: alert.org_id,
      alertId: alert.id,
      url: action.url,
      event: context.eventName,
      body: context.body,
    });
  } else if (action.kind === 'command') {
    await deps.jobs.send<AutomationCommandJob>(AUTOMATION_COMMAND_JOB, {
      orgId: alert.org_id,
      gatewayId: action.gateway_id,
      name: action.name,
      value: action.value ?? null,
      alertId: alert.id,
      outcomeJob: AUTOMATION_OUTCOME_JOB,
    });
  } else {
    await deps.jobs.send<AutomationReadingJob>(AUTOMATION_READING_JOB, {
      orgId: alert.org_id,
      sensorId: action.sensor_id,
      paramKey: action.param_key,
      value: action.value,
      ts: context.now.getTime(),
      alertId: alert.id,
      outcomeJob: AUTOMATION_OUTCOME_JOB,
    });
  }
  // Each action's outcome follows as a timeline line: the webhook's from its call, a command's and a
  // reading's from the IoT Manager (outcome.ts).
}

/** An action in words, for the timeline. */
function describe(action: RuleAction): string {
  if (action.kind === 'webhook') return `Webhook ${new URL(action.url).origin}`;
  if (action.kind === 'command') return `Command "${action.name}" to the gateway`;
  return `Value ${action.value} for ${action.param_key} of the virtual sensor`;
}
