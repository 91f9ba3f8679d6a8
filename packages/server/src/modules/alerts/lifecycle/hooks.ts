/**
 * Listeners on the alert lifecycle, called after the change committed: notifications and automation
 * register here (notifications/index.ts) so the lifecycle needs to know neither. A listener's error is
 * logged, never thrown back into the raise or the request.
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { AlertRow } from './raise';

/** A lifecycle listener: the platform's services and the alert as stored after the change. */
export type AlertHook = (deps: AppDeps, alert: AlertRow) => Promise<void>;

type HookKind = 'fired' | 'cleared' | 'changed';

const listeners: Record<HookKind, AlertHook[]> = { fired: [], cleared: [], changed: [] };

/**
 * The registry: `onFired` when an alert is created, `onCleared` when it clears (by its raiser or by a
 * person), `onChanged` on every other change a person makes (acknowledged, resolved, reopened, assigned,
 * snoozed, archived, commented). Registering the same function twice registers it once.
 */
export const alertHooks = {
  onFired: (fn: AlertHook) => add('fired', fn),
  onCleared: (fn: AlertHook) => add('cleared', fn),
  onChanged: (fn: AlertHook) => add('changed', fn),
};

function add(kind: HookKind, fn: AlertHook): () => void {
  if (!listeners[kind].includes(fn)) listeners[kind].push(fn);
  return () => {
    listeners[kind] = listeners[kind].filter((listener) => listener !== fn);
  };
}

/** Calls every listener of the kind one after another; errors are logged. */
export async function runAlertHooks(kind: HookKind, deps: AppDeps, alert: AlertRow): Promise<void> {
  for (const listener of [...listeners[kind]]) {
    try {
      await listener(deps, alert);
    } catch (error) {
      deps.log.error({ err: error, alertId: alert.id, hook: kind }, 'Alert hook failed');
    }
  }
}
