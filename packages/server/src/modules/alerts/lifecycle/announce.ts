/** After a change committed: the alert live to its organization's room, then the lifecycle listeners. */
import type { AppDeps } from '../../../platform/http/deps';
import { announceAlert } from '../shared';
import { runAlertHooks } from './hooks';
import { presentAlert } from './presenter';
import type { AlertRow } from './raise';
import { AlertRepository } from './repository';

/** Emits `alert.changed` with the presented alert and calls the listeners of the kind; never throws. */
export async function afterAlertChange(
  deps: AppDeps,
  alert: AlertRow,
  kind: 'fired' | 'cleared' | 'changed',
): Promise<void> {
  try {
    const row = await new AlertRepository(deps.db).findPresentable(alert.org_id, alert.id);
    if (row) announceAlert(deps.realtime, alert.org_id, presentAlert(row));
  } catch (error) {
    deps.log.error({ err: error, alertId: alert.id }, 'Announcing an alert failed');
  }
  await runAlertHooks(kind, deps, alert);
}
