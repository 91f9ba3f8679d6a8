import type { ChainGraph } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { chainFixture, KINDS } from '../testing';
import { addNode, canConnect, copySelection, freeSpot, outputsOf, paste, removeElements } from './graph';
import { historyReducer, startHistory } from './history';

const kinds = new Map(KINDS.map((k) => [k.type, k]));
const kind = (type: string) => {
  const found = kinds.get(type);
  if (!found) throw new Error(type);
  return found;
};
const graphOf = (): ChainGraph => {
  const chain = chainFixture();
  return { actions: chain.actions, connections: chain.connections };
};

describe('editing a chain', () => {
  it('undo brings back the graph before an edit and redo the one after', () => {
    let h = startHistory(graphOf());
    const added = addNode(h.present, kind('switch'), { x: 10, y: 10 });
    h = historyReducer(h, { type: 'set', graph: added });
    expect(h.present.actions).toHaveLength(4);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.actions).toHaveLength(3);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.actions.map((n) => n.id)).toContain('switch-1');
  });

  it('a drag is one undo step however many moves it made', () => {
    let h = startHistory(graphOf());
    for (const x of [10, 20, 30]) {
      const moved = {
        ...h.present,
        actions: h.present.actions.map((n) => (n.id === 'gw-1' ? { ...n, position: { x, y: 0 } } : n)),
      };
      h = historyReducer(h, { type: 'set', graph: moved, burst: 'drag' });
    }
    h = historyReducer(h, { type: 'seal' });
    expect(h.past).toHaveLength(1);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.actions[0]?.position.x).toBe(0);
  });

  it('a switch shows one output per route before its fixed output', () => {
    const node = {
      id: 's',
      type: 'switch',
      name: 'S',
      position: { x: 0, y: 0 },
      config: {
        routes: [
          { output: 'hot', when: 'x > 80' },
          { output: 'cold', when: 'x < 5' },
        ],
      },
    };
    expect(outputsOf(kind('switch'), node).map((o) => o.key)).toEqual(['hot', 'cold', 'otherwise']);
  });

  it('connects matching sockets only, never a node to itself or twice', () => {
    const g = graphOf();
    expect(
      canConnect(g, kinds, { source: 'gw-1', source_output: 'out', target: 'vs-1', target_input: 'in' }),
    ).toBe(true);
    expect(
      canConnect(g, kinds, { source: 'gw-1', source_output: 'out', target: 'formula-1', target_input: 'in' }),
    ).toBe(false);
    expect(
      canConnect(g, kinds, {
        source: 'formula-1',
        source_output: 'out',
        target: 'formula-1',
        target_input: 'in',
      }),
    ).toBe(false);
    expect(
      canConnect(g, kinds, { source: 'gw-1', source_output: 'nope', target: 'vs-1', target_input: 'in' }),
    ).toBe(false);
  });

  it('pastes a copy with fresh ids and the connections between the copied nodes', () => {
    const g = graphOf();
    const piece = copySelection(g, ['gw-1', 'formula-1']);
    const { graph, pasted } = paste(g, piece);
    expect(pasted).toEqual(['gateway_telemetry-1', 'formula-2']);
    expect(
      graph.connections.filter((c) => pasted.includes(c.source) && pasted.includes(c.target)),
    ).toHaveLength(1);
  });

  it('removing a node removes its connections', () => {
    const g = removeElements(graphOf(), ['formula-1'], []);
    expect(g.actions.map((n) => n.id)).toEqual(['gw-1', 'vs-1']);
    expect(g.connections).toEqual([]);
  });
});

describe('placing a node added with a click', () => {
  it('finds a spot beside the nodes already there instead of on top of them', () => {
    const g = graphOf();
    const spot = freeSpot(g, { x: 0, y: 0 });
    expect(
      g.actions.some((n) => Math.abs(n.position.x - spot.x) < 230 && Math.abs(n.position.y - spot.y) < 110),
    ).toBe(false);
  });
});
