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
  /** The job the outcome goes to, as an AutomationOutcome (the alert's timeline line); absent: none. */
  outcomeJob?: string;
}

export interface AutomationReadingJob {
  orgId: string;
  sensorId: string;
  paramKey: string;
  value: number;
  /** Epoch milliseconds of the reading. */
  ts: number;
  alertId: string;
  /** The job the outcome goes to, as an AutomationOutcome; absent: none. */
  outcomeJob?: string;
}

/**
 * What the IoT Manager answers an automation job with (sent to its `outcomeJob`): whether the action was
 * done, and the line for the alert's timeline ("Command "close_valve" sent to gateway "Valve box"").
 */
export interface AutomationOutcome {
  orgId: string;
  alertId: string;
  ok: boolean;
  text: string;
}

/** Alerts' job that records an automation outcome on the alert's timeline. */
export const AUTOMATION_OUTCOME_JOB = 'alerts.automationOutcome';
