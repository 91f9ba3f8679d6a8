/**
 * The alert's status steps (active → acknowledged → cleared → resolved, a cleared one reopened to
 * active) as pure rules: which step is allowed from which status, and the columns and event it writes.
 */
import type { AlertEventKind, AlertStatus } from '@ferrite/contracts';

export type AlertStep = 'acknowledge' | 'clear' | 'resolve' | 'reopen';

const FROM: Record<AlertStep, readonly AlertStatus[]> = {
  acknowledge: ['active'],
  clear: ['active', 'acknowledged'],
  resolve: ['active', 'acknowledged', 'cleared'],
  reopen: ['cleared'],
};

const TO: Record<AlertStep, AlertStatus> = {
  acknowledge: 'acknowledged',
  clear: 'cleared',
  resolve: 'resolved',
  reopen: 'active',
};

const EVENT: Record<AlertStep, AlertEventKind> = {
  acknowledge: 'acknowledged',
  clear: 'cleared',
  resolve: 'resolved',
  reopen: 'reopened',
};

/** The step that takes an alert to the status a PUT asks for. */
export function stepTo(status: AlertStatus): AlertStep {
  return status === 'acknowledged'
    ? 'acknowledge'
    : status === 'cleared'
      ? 'clear'
      : status === 'resolved'
        ? 'resolve'
        : 'reopen';
}

/** Why the step is not allowed from the status (a 409's message), or null when it is. */
export function refusal(step: AlertStep, from: AlertStatus): string | null {
  if (FROM[step].includes(from)) return null;
  if (TO[step] === from) return `The alert is already ${from}`;
  const allowed = FROM[step].join(' or ');
  return `Only an alert that is ${allowed} can be ${TO[step] === 'active' ? 'reopened' : TO[step]}; this one is ${from}`;
}

/** The columns a step sets, by whom and when. */
export function stepColumns(step: AlertStep, actorId: string, at: Date) {
  switch (step) {
    case 'acknowledge':
      return { status: TO[step], acknowledged_at: at, acknowledged_by: actorId };
    case 'clear':
      return { status: TO[step], cleared_at: at };
    case 'resolve':
      return { status: TO[step], resolved_at: at };
    case 'reopen':
      return { status: TO[step], cleared_at: null, resolved_at: null };
  }
}

/** The timeline event a step records. */
export function stepEvent(step: AlertStep): AlertEventKind {
  return EVENT[step];
}
