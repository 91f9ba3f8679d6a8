/**
 * The editor's state: the graph with undo/redo, the selection, the clipboard, and the revision the
 * edit started from (what a deploy carries). Every change to the chain goes through `edit`, so each
 * is one undo step (or one burst: a drag, typing in one field).
 */
import type { ChainGraph, ChainNode, NodeKind, Pipeline } from '@ferrite/contracts';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { addNode, copySelection, EMPTY_GRAPH, paste, removeElements, sameGraph, updateNode } from './graph';
import { historyReducer, startHistory } from './history';

/** The revision loaded (or last deployed) and its graph: "unsaved changes" compares with it. */
export interface Baseline {
  revision: number;
  graph: ChainGraph;
}

/** The chain's graph as a deploy carries it. */
export const graphOf = (chain: Pipeline): ChainGraph => ({
  actions: chain.actions,
  connections: chain.connections,
});

/** Editor state and its edits. */
export function useChainEditor() {
  const [history, dispatch] = useReducer(historyReducer, EMPTY_GRAPH, startHistory);
  const [baseline, setBaseline] = useState<Baseline | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const clipboard = useRef<ChainGraph | null>(null);
  const graph = history.present;

  const load = useCallback((chain: Pipeline) => {
    dispatch({ type: 'reset', graph: graphOf(chain) });
    setBaseline({ revision: chain.revision, graph: graphOf(chain) });
    setSelected(new Set());
  }, []);
  const edit = useCallback(
    (next: ChainGraph, burst?: string) => dispatch({ type: 'set', graph: next, burst }),
    [],
  );
  const seal = useCallback(() => dispatch({ type: 'seal' }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);

  const select = useCallback(
    (ids: Iterable<string>) => {
      seal();
      setSelected(new Set(ids));
    },
    [seal],
  );
  const add = (kind: NodeKind, position: { x: number; y: number }) => {
    const next = addNode(graph, kind, position);
    edit(next);
    const added = next.actions[next.actions.length - 1];
    if (added) select([added.id]);
  };
  const removeSelected = () => {
    if (!selected.size) return;
    edit(removeElements(graph, [...selected], [...selected]));
    setSelected(new Set());
  };
  const copy = () => {
    const nodes = graph.actions.filter((n) => selected.has(n.id)).map((n) => n.id);
    if (nodes.length) clipboard.current = copySelection(graph, nodes);
  };
  const pasteClipboard = () => {
    if (!clipboard.current?.actions.length) return;
    const result = paste(graph, clipboard.current);
    edit(result.graph);
    // A second paste lands a step further, not on top of the first.
    clipboard.current = {
      actions: clipboard.current.actions.map((n) => ({
        ...n,
        position: { x: n.position.x + 40, y: n.position.y + 40 },
      })),
      connections: clipboard.current.connections,
    };
    select(result.pasted);
  };
  const changeNode = (id: string, update: (node: ChainNode) => ChainNode, burst?: string) =>
    edit(updateNode(graph, id, update), burst);

  const dirty = useMemo(() => !!baseline && !sameGraph(graph, baseline.graph), [graph, baseline]);
  return {
    graph,
    baseline,
    setBaseline,
    dirty,
    load,
    edit,
    seal,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    selected,
    select,
    add,
    removeSelected,
    copy,
    paste: pasteClipboard,
    changeNode,
  };
}

export type ChainEditorState = ReturnType<typeof useChainEditor>;
