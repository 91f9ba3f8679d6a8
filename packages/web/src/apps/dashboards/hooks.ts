/** Small hooks every Dashboards view uses (ui/appHooks.ts), with the caller's Dashboards rights. */
import type { AppAction } from '@ferrite/contracts';
import { useAppCan } from '../../ui/appHooks';
import { useGetMeQuery } from '../../workspace/profileApi';

export {
  fieldErrorsOf,
  notifyProblem,
  problemOf,
  runAction,
  useErrorToast,
  useOrgId,
} from '../../ui/appHooks';

/** The Dashboards actions a user group can allow (the contracts' catalogue). */
export type DashAction = AppAction<'dashboards'>;

/** Whether the caller may do a Dashboards action (from a list's `abilities` when given, else GET /me). */
export function useCan(abilities?: readonly string[]): (action: DashAction) => boolean {
  return useAppCan('dashboards', abilities);
}

/** Whether the caller may send commands to gateways (the IoT Manager's right, which command widgets need). */
export function useCanActuate(): boolean {
  const permissions = useGetMeQuery().data?.abilities.permissions;
  return (permissions ?? []).includes('iotManager.actuate');
}
