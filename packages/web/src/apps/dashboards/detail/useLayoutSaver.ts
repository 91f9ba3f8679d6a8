/**
 * Saves a panel's layout after the user stops dragging or resizing, or moves or resizes a card with the
 * keyboard, debounced: quick successive moves (a run of arrow keys) become one PUT …/panels/{id} with
 * `layout`. A move still waiting is saved when the panel closes.
 */
import type { LayoutItem } from '@ferrite/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PanelArg } from '../api/apiBase';
import { useSavePanelLayoutMutation } from '../api/panelsApi';
import { notifyProblem } from '../hooks';

/** How long after the last move the layout is written. */
export const LAYOUT_SAVE_DELAY_MS = 600;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/** `schedule(layout)` after each move; `state` for the header's "Saving…" hint. */
export function useLayoutSaver(arg: PanelArg | null, panelName: string) {
  const [save] = useSavePanelLayoutMutation();
  const [state, setState] = useState<SaveState>('idle');
  const pending = useRef<{ arg: PanelArg; name: string; layout: LayoutItem[] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const job = pending.current;
    pending.current = null;
    if (!job) return;
    setState('saving');
    save({ ...job.arg, name: job.name, layout: job.layout })
      .unwrap()
      .then(
        () => setState((current) => (current === 'saving' ? 'saved' : current)),
        (error: unknown) => {
          setState('failed');
          notifyProblem(error);
        },
      );
  }, [save]);

  const schedule = useCallback(
    (layout: LayoutItem[]) => {
      if (!arg) return;
      pending.current = { arg, name: panelName, layout };
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, LAYOUT_SAVE_DELAY_MS);
    },
    [arg, panelName, flush],
  );

  // Leaving the panel (another tab, Done, closing the window) writes what is still waiting.
  useEffect(() => flush, [flush]);
  return { schedule, state, flush };
}
