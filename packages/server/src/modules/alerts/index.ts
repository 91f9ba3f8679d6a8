/**
 * Alerts: rules on live data evaluated on every durable reading (and silence on a schedule), one alert
 * lifecycle every app raises through (`raiseAlert` / `clearAlert`), notifications by e-mail, SMS,
 * WhatsApp and in-app on the durable job queue, silences, and automation on fire and on clear. Owns the
 * `orgAlerts` socket room (members with the Alerts app).
 */
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from '../iotManager';
import { automationJobs } from './automation';
import { createRuleEvaluator, evaluationJobs } from './evaluation';
import { notificationJobs } from './notifications';
import { alertsRoutes } from './routes';

export const alertsModule = defineModule<DeviceDeps>({
  key: 'alerts',
  routes: alertsRoutes,
  socketRooms: {
    // Every member with the Alerts app follows their organization's alerts; the room is the org's own.
    orgAlerts: { apps: ['alerts'], exists: async () => true },
  },
  jobs: (deps) => [...evaluationJobs(deps), ...notificationJobs(deps), ...automationJobs(deps)],
  onTelemetry: (deps) => createRuleEvaluator(deps),
});

export {
  AUTOMATION_COMMAND_JOB,
  AUTOMATION_READING_JOB,
  type AutomationCommandJob,
  type AutomationReadingJob,
} from './automation/jobNames';
export { type ClearInput, clearAlert, type RaiseInput, raiseAlert } from './lifecycle/raise';
export { type PhoneMessage, sendTextMessage } from './notifications/messaging';
