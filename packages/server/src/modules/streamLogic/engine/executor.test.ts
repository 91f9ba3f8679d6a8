/**
 * The executor carries a batch through a chain: each node runs once with everything that reached it,
 * results follow the connections of the output they were sent on (a switch's named outputs), and a
 * node's failure stays that node's: its messages are errors in the trace, the other branches go on.
 */
import type { ChainConnection, ChainMessage, ChainNode } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineNode, eachMessage, type NodeDefinition, type NodeInput } from '../nodes/defineNode';
import { reading, testServices } from '../nodes/testServices';
import { type CompiledChain, compileChain, type ExecutionObserver, type NodeRun, runChain } from './executor';

const socket = (key: string) => ({ key, label: key, socket: { type: 'any' as const } });
const base = {
  category: 'logic' as const,
  description: '',
  node_color: '#000000',
  logo: 'Math',
  logo_position: 'left' as const,
  inputs: [socket('in')],
  outputs: [socket('out')],
};

const seen = new Map<string, NodeInput[][]>();
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
const kinds = new Map<string, NodeDefinition<any>>([
  [
    'add',
    defineNode({
      ...base,
      type: 'add',
      name: 'Add',
      configSchema: z.object({ n: z.number() }),
      defaultConfig: { n: 1 },
      run: eachMessage((config, { message }) => [
        { output: 'out', message: { ...message, value: (message.value ?? 0) + config.n } },
      ]),
    }),
  ],
  [
    'switch',
    defineNode({
      ...base,
      type: 'switch',
      name: 'Switch',
      outputs: [socket('high'), socket('low')],
      configSchema: z.object({ above: z.number() }),
      defaultConfig: { above: 0 },
      run: eachMessage((config, { message }) => [
        { output: (message.value ?? 0) > config.above ? 'high' : 'low', message },
      ]),
    }),
  ],
  [
    'boom',
    defineNode({
      ...base,
      type: 'boom',
      name: 'Boom',
      configSchema: z.object({}),
      defaultConfig: {},
      run: () => {
        throw new Error('kaboom');
      },
    }),
  ],
  [
    'collect',
    defineNode({
      ...base,
      type: 'collect',
      name: 'Collect',
      outputs: [],
      configSchema: z.object({}),
      defaultConfig: {},
      run: (ctx, _config, inputs) => {
        const list = seen.get(ctx.nodeId) ?? [];
        list.push([...inputs]);
        seen.set(ctx.nodeId, list);
        return inputs.map(() => ({ outputs: [] }));
      },
    }),
  ],
]);

function node(id: string, type: string, config: Record<string, unknown> = {}): ChainNode {
  return { id, type, name: id, config, position: { x: 0, y: 0 } };
}

function link(id: string, source: string, target: string, output = 'out', input = 'in'): ChainConnection {
  return { id, source, source_output: output, target, target_input: input };
}

function compile(actions: ChainNode[], connections: ChainConnection[]): CompiledChain {
  return compileChain(
    {
      id: 'p1',
      org_id: 'org-1',
      project_id: 'project-1',
      name: 'Test',
      revision: 3,
      actions,
      connections,
      debug_all: false,
      debug_nodes: [],
    },
    { services: testServices(), kindOf: (type) => kinds.get(type) },
  );
}

function recorder() {
  const runs: NodeRun[] = [];
  const edges = new Map<string, number>();
  const observer: ExecutionObserver = {
    node: (_chain, run) => runs.push(run),
    connection: (_chain, id, n) => edges.set(id, (edges.get(id) ?? 0) + n),
    emitted: () => {},
  };
  return { runs, edges, observer };
}

const values = (inputs: NodeInput[][] | undefined) =>
  (inputs ?? []).flat().map((input) => input.message.value);

describe('running a chain over a batch', () => {
  it('runs every node once per batch, with all its inputs, in order of the graph', async () => {
    seen.clear();
    // a → add1 → add10 → out, and a → out directly: "out" gets both paths in one run.
    const chain = compile(
      [
        node('out', 'collect'),
        node('add10', 'add', { n: 10 }),
        node('add1', 'add', { n: 1 }),
        node('a', 'add', { n: 0 }),
      ],
      [
        link('c1', 'a', 'add1'),
        link('c2', 'add1', 'add10'),
        link('c3', 'add10', 'out'),
        link('c4', 'a', 'out'),
      ],
    );
    expect(chain.order.map((n) => n.id)).toEqual(['a', 'add1', 'add10', 'out']);
    const { runs, edges, observer } = recorder();
    const messages: ChainMessage[] = [reading(1), reading(2)];
    await runChain(
      chain,
      new Map([['a', messages.map((message) => ({ output: 'out', message }))]]),
      observer,
    );
    expect(seen.get('out')).toHaveLength(1);
    expect(values(seen.get('out')).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([1, 2, 12, 13]);
    expect(runs.map((run) => run.node.id)).toEqual(['add1', 'add10', 'out']);
    expect(Object.fromEntries(edges)).toEqual({ c1: 2, c2: 2, c3: 2, c4: 2 });
  });

  it("sends a switch's messages only along the output each was routed to", async () => {
    seen.clear();
    const { edges, observer } = recorder();
    const upstream = compile(
      [
        node('src', 'add', { n: 0 }),
        node('s', 'switch', { above: 5 }),
        node('hi', 'collect'),
        node('lo', 'collect'),
      ],
      [link('c0', 'src', 's'), link('c1', 's', 'hi', 'high'), link('c2', 's', 'lo', 'low')],
    );
    const outputs = [3, 7, 9].map((v) => ({ output: 'out', message: reading(v) }));
    await runChain(upstream, new Map([['src', outputs]]), observer);
    expect(values(seen.get('hi'))).toEqual([7, 9]);
    expect(values(seen.get('lo'))).toEqual([3]);
    expect(edges.get('c1')).toBe(2);
    expect(edges.get('c2')).toBe(1);
  });

  it("keeps a node's failure to itself: its messages are errors, the sibling branch still runs", async () => {
    seen.clear();
    const chain = compile(
      [node('src', 'add', { n: 0 }), node('bad', 'boom'), node('after', 'collect'), node('good', 'collect')],
      [link('c1', 'src', 'bad'), link('c2', 'bad', 'after'), link('c3', 'src', 'good')],
    );
    const { runs, observer } = recorder();
    const outputs = [1, 2].map((v) => ({ output: 'out', message: reading(v) }));
    await expect(runChain(chain, new Map([['src', outputs]]), observer)).resolves.toBeUndefined();
    const bad = runs.find((run) => run.node.id === 'bad');
    expect(bad?.results.map((r) => r.error)).toEqual(['kaboom', 'kaboom']);
    expect(seen.get('after')).toBeUndefined();
    expect(values(seen.get('good'))).toEqual([1, 2]);
  });

  it('fails the messages of a node whose config its kind refuses, naming the field', async () => {
    const chain = compile(
      [node('src', 'add', { n: 0 }), node('bad', 'add', { n: 'two' })],
      [link('c1', 'src', 'bad')],
    );
    const { runs, observer } = recorder();
    await runChain(chain, new Map([['src', [{ output: 'out', message: reading(1) }]]]), observer);
    expect(runs[0]?.results[0]?.error).toMatch(/^config\.n: /);
  });
});
