/**
 * The life of one rule on one sensor: ok → pending (the condition holds, since the first matching
 * reading's data time) → firing (held for the rule's duration, or at once without one) → ok (the clear
 * condition holds). Pure: the evaluator, the jobs and the backtest all step it, so they agree.
 */

export type RuleStateName = 'ok' | 'pending' | 'firing';

export interface RuleState {
  state: RuleStateName;
  /** Data time (epoch ms) since when the condition has held (pending's start, then firing's). */
  since: number | null;
}

/** What a step asks for besides the new state. */
export type StepEvent = 'none' | 'pending' | 'fire' | 'clear' | 'reset';

export interface StepInput {
  /** Whether the condition holds now (null: a value is missing, taken as "not met"). */
  matched: boolean | null;
  /** Whether a firing alert clears now. */
  clears: boolean;
  /** The evaluation's time (epoch ms). */
  at: number;
  /** The rule's pending duration in seconds. */
  forS: number;
  /** Whether the rule's schedule is active at `at`. */
  active: boolean;
}

/** The next state and what happened. */
export function step(current: RuleState, input: StepInput): { next: RuleState; event: StepEvent } {
  const { matched, at, forS, active } = input;
  if (current.state === 'firing') {
    if (input.clears) return { next: { state: 'ok', since: null }, event: 'clear' };
    return { next: current, event: 'none' };
  }
  if (current.state === 'pending') {
    if (matched !== true || !active) return { next: { state: 'ok', since: null }, event: 'reset' };
    const since = current.since ?? at;
    if (since + forS * 1_000 <= at) return { next: { state: 'firing', since: at }, event: 'fire' };
    return { next: current, event: 'none' };
  }
  if (matched !== true || !active) return { next: current, event: 'none' };
  if (forS === 0) return { next: { state: 'firing', since: at }, event: 'fire' };
  return { next: { state: 'pending', since: at }, event: 'pending' };
}

/** Whether a pending state's duration is over at `at`. */
export function isDue(state: RuleState, forS: number, at: number): boolean {
  return state.state === 'pending' && state.since !== null && state.since + forS * 1_000 <= at;
}
