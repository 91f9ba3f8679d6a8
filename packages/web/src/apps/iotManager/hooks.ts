/**
 * Small hooks every IoT Manager view uses (ui/appHooks.ts), with the caller's IoT Manager rights.
 * Spec §8: a gateway that fails to load shows an error notification with the server's message.
 */
import type { AppAction } from '@ferrite/contracts';
import { useAppCan } from '../../ui/appHooks';

export {
  fieldErrorsOf,
  notifyProblem,
  problemOf,
  runAction,
  useErrorToast,
  useOrgId,
} from '../../ui/appHooks';

/** The IoT Manager actions a user group can allow (the contracts' catalogue). */
export type IotAction = AppAction<'iotManager'>;

/** Whether the caller may do an IoT Manager action (from a list's `abilities` when given, else GET /me). */
export function useCan(abilities?: readonly string[]): (action: IotAction) => boolean {
  return useAppCan('iotManager', abilities);
}
