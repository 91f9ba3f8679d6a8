/**
 * Automation the Alerts module asks the IoT Manager for, as durable jobs (so a command or a reading is
 * sent once, retried, and survives a restart): the IoT Manager defines these jobs and imports the names
 * from Alerts' front door, so Alerts never imports the IoT Manager.
 */
export const AUTOMATION_COMMAND_JOB = 'iotManager.automationCommand';
export const AUTOMATION_READING_JOB = 'iotManager.automationReading';

export interface AutomationCommandJob {
  orgId: string;
  gatewayId: string;
  name: string;
  value: unknown;
  /** The alert that asked, for the gateway log and the alert's timeline. */
  alertId: string;
}

export interface AutomationReadingJob {
  orgId: string;
  sensorId: string;
  paramKey: string;
  value: number;
  /** Epoch milliseconds of the reading. */
  ts: number;
  alertId: string;
}
