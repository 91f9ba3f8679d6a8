/** Small hooks every Stream Logic view uses (ui/appHooks.ts), with the caller's Stream Logic rights. */
import type { AppAction } from '@ferrite/contracts';
import { useAppCan } from '../../ui/appHooks';

export { notifyProblem, problemOf, runAction, useErrorToast, useOrgId } from '../../ui/appHooks';

/** The Stream Logic actions a user group can allow: view, editChains, deploy, debug. */
export type StreamAction = AppAction<'streamLogic'>;

/** Whether the caller may do a Stream Logic action (from GET /me). */
export function useCan(): (action: StreamAction) => boolean {
  return useAppCan('streamLogic');
}
