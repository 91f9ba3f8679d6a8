/**
 * Undo/redo for the editor: the graphs before and after the present one. A burst of edits (a drag,
 * typing in one field) is one step: its first edit records a step, the next ones with the same
 * `burst` key only replace the present, until `seal` (drag end, another selection) closes it.
 */
import type { ChainGraph } from '@ferrite/contracts';

/** How many steps undo keeps. */
export const HISTORY_LIMIT = 100;

export interface History {
  past: ChainGraph[];
  present: ChainGraph;
  future: ChainGraph[];
  /** The burst the present belongs to, while it is open. */
  burst: string | null;
}

export type HistoryAction =
  | { type: 'set'; graph: ChainGraph; burst?: string }
  | { type: 'seal' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; graph: ChainGraph };

/** A history starting at `graph`. */
export function startHistory(graph: ChainGraph): History {
  return { past: [], present: graph, future: [], burst: null };
}

/** The next history after an edit, an undo, a redo or a reset (a freshly loaded chain). */
export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'set':
      if (action.graph === state.present) return state;
      if (action.burst && action.burst === state.burst)
        return { ...state, present: action.graph, future: [] };
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: action.graph,
        future: [],
        burst: action.burst ?? null,
      };
    case 'seal':
      return state.burst ? { ...state, burst: null } : state;
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        burst: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest, burst: null };
    }
    case 'reset':
      return startHistory(action.graph);
  }
}
