/**
 * Validate, deploy (PATCH with the revision the edit started from), enable/disable and roll back, with
 * what went wrong kept for the screen: the 409's news for the "Changed by X at T" dialog, the 422's
 * problems for the list and the red outlines.
 */
import type { ChainProblem, Pipeline } from '@ferrite/contracts';
import { useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import type { ChainArg } from '../api/apiBase';
import {
  useRollbackChainMutation,
  useUpdateChainMutation,
  useValidateChainMutation,
} from '../api/pipelinesApi';
import { notifyProblem } from '../hooks';
import { chainProblemsOf, type StaleNews, staleNewsOf } from './deployErrors';
import type { ChainEditorState } from './useChainEditor';

/** Deploy state and actions of the editor. */
export function useDeploy(arg: ChainArg, editor: ChainEditorState, onLoaded: (chain: Pipeline) => void) {
  const [update, updating] = useUpdateChainMutation();
  const [validate, validating] = useValidateChainMutation();
  const [rollback] = useRollbackChainMutation();
  const [conflict, setConflict] = useState<StaleNews | null>(null);
  const [problems, setProblems] = useState<ChainProblem[] | null>(null);

  /** Sorts a failed write into the dialog, the problem list or a toast. */
  const refused = (error: unknown) => {
    const stale = staleNewsOf(error);
    if (stale) return setConflict(stale);
    const invalid = chainProblemsOf(error);
    if (invalid) return setProblems(invalid.problems);
    notifyProblem(error);
  };

  const deploy = async () => {
    const base = editor.baseline;
    if (!base) return;
    try {
      const saved = await update({
        ...arg,
        body: {
          revision: base.revision,
          actions: editor.graph.actions,
          connections: editor.graph.connections,
        },
      }).unwrap();
      editor.setBaseline({ revision: saved.revision, graph: editor.graph });
      setProblems(null);
      notifySuccess(
        `Deployed revision ${saved.revision}`,
        saved.enabled
          ? 'It runs on live readings now.'
          : 'The chain is disabled: switch on Enabled to run it.',
      );
    } catch (error) {
      refused(error);
    }
  };

  const setEnabled = async (enabled: boolean) => {
    const base = editor.baseline;
    if (!base) return;
    try {
      const saved = await update({ ...arg, body: { revision: base.revision, enabled } }).unwrap();
      editor.setBaseline({ revision: saved.revision, graph: base.graph });
      notifySuccess(enabled ? 'The chain is running' : 'The chain is disabled');
    } catch (error) {
      refused(error);
    }
  };

  const check = async () => {
    try {
      const result = await validate({
        orgId: arg.orgId,
        projectId: arg.projectId,
        graph: editor.graph,
      }).unwrap();
      setProblems(result.problems);
      if (!result.problems.length) notifySuccess('No problems found', 'The chain is ready to deploy.');
    } catch (error) {
      refused(error);
    }
  };

  const rollTo = async (to: number) => {
    const base = editor.baseline;
    if (!base) return false;
    try {
      const saved = await rollback({ ...arg, to, revision: base.revision }).unwrap();
      onLoaded(saved);
      notifySuccess(`Rolled back to revision ${to}`, `Deployed as revision ${saved.revision}.`);
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  };

  return {
    deploy,
    setEnabled,
    check,
    rollTo,
    deploying: updating.isLoading,
    validating: validating.isLoading,
    conflict,
    dismissConflict: () => setConflict(null),
    problems,
    clearProblems: () => setProblems(null),
  };
}
