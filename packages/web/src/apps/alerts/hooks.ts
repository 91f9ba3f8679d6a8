/** Small hooks every Alerts view uses (ui/appHooks.ts), with the caller's Alerts rights. */
import type { AppAction } from '@ferrite/contracts';
import { useAppCan } from '../../ui/appHooks';

export { fieldErrorsOf, problemOf, runAction, useOrgId } from '../../ui/appHooks';

/** The Alerts actions a user group can allow: view, manageRules, acknowledge. */
export type AlertsAction = AppAction<'alerts'>;

/** Whether the caller may do an Alerts action (from a list's `abilities` when given, else GET /me). */
export function useCan(abilities?: readonly string[]): (action: AlertsAction) => boolean {
  return useAppCan('alerts', abilities);
}
