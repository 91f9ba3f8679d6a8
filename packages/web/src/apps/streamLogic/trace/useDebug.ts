/** Debug per node or for all (PUT …/debug): takes effect at once, no redeploy; reverts when refused. */
import type { DebugSettings, Pipeline } from '@ferrite/contracts';
import { useEffect, useMemo, useState } from 'react';
import type { ChainArg } from '../api/apiBase';
import { useSetDebugMutation } from '../api/traceApi';
import { notifyProblem } from '../hooks';

/** The chain's debug settings and their switches. */
export function useDebug(arg: ChainArg, chain: Pipeline | undefined) {
  const [settings, setSettings] = useState<DebugSettings>({ debug_all: false, debug_nodes: [] });
  const [put] = useSetDebugMutation();
  useEffect(() => {
    if (chain) setSettings({ debug_all: chain.debug_all, debug_nodes: chain.debug_nodes });
  }, [chain]);
  const save = async (next: DebugSettings) => {
    const before = settings;
    setSettings(next);
    try {
      setSettings(await put({ ...arg, body: next }).unwrap());
    } catch (error) {
      setSettings(before);
      notifyProblem(error);
    }
  };
  const debugNodes = useMemo(() => new Set(settings.debug_nodes), [settings.debug_nodes]);
  return {
    debugAll: settings.debug_all,
    debugNodes,
    setAll: (on: boolean) => save({ ...settings, debug_all: on }),
    setNode: (id: string, on: boolean) =>
      save({
        ...settings,
        debug_nodes: on
          ? [...new Set([...settings.debug_nodes, id])]
          : settings.debug_nodes.filter((n) => n !== id),
      }),
  };
}
