/**
 * Validation before deploy, one kind of problem at a time, each pointing at its node or connection:
 * unknown types, duplicate ids, invalid config (the field named), a kind's own check, connections to
 * missing nodes or sockets, socket type mismatches, unconnected required inputs, cycles, and an enabled
 * chain without a source. The registry's real kinds, plus two made-up ones for what they lack (an
 * object output, a switch's named outputs).
 */
import type { ChainGraph } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineNode, type NodeDefinition } from '../nodes/defineNode';
import { nodeKind } from '../nodes/registry';
import { testServices } from '../nodes/testServices';
import { chainGraph, chainNode, validChain } from '../testSupport';
import { diffChains } from './diff';
import { nodesOnCycles, validateChain } from './validation';

const SENSOR = 'sensor-1';

function validGraph(): ChainGraph {
  const { actions, connections } = validChain(SENSOR);
  return { actions, connections };
}

/** Checks against test services that know SENSOR only. */
function check() {
  const services = testServices();
  services.known.add(SENSOR);
  return { orgId: 'org-1', projectId: 'project-1', services };
}

const parser = defineNode<{ field: string }>({
  type: 'parse_json',
  name: 'Parse',
  category: 'logic',
  description: 'Test kind: an object output',
  node_color: '#000000',
  logo: 'Code',
  logo_position: 'left',
  inputs: [{ key: 'in', label: 'In', socket: { type: 'reading' }, required: true }],
  outputs: [{ key: 'out', label: 'Object', socket: { type: 'object' } }],
  configSchema: z.object({ field: z.string() }),
  defaultConfig: { field: 'x' },
  run: () => [],
});
const router = defineNode<{ routes: { output: string }[] }>({
  type: 'route_test',
  name: 'Router',
  category: 'logic',
  description: 'Test kind: named outputs from config',
  node_color: '#000000',
  logo: 'Route',
  logo_position: 'left',
  inputs: [{ key: 'in', label: 'In', socket: { type: 'reading' }, required: true }],
  outputs: [{ key: 'else', label: 'Else', socket: { type: 'reading' } }],
  dynamic_outputs: 'routes',
  configSchema: z.object({ routes: z.array(z.object({ output: z.string() })) }),
  defaultConfig: { routes: [] },
  run: () => [],
});
// biome-ignore lint/suspicious/noExplicitAny: kinds of any config
const made: Record<string, NodeDefinition<any>> = { parse_json: parser, route_test: router };
const kindOf = (type: string) => made[type] ?? nodeKind(type);

describe('chain validation', () => {
  it('finds nothing wrong with the test support valid chain, enabled or not', async () => {
    expect(await validateChain(validGraph(), { enabled: true, check: check() })).toEqual([]);
    expect(await validateChain({ actions: [], connections: [] }, { enabled: false, check: null })).toEqual(
      [],
    );
  });

  it('points at an unknown node type and at a duplicate node id', async () => {
    const graph = validGraph();
    graph.actions.push({ ...chainNode('x', 'debug'), type: 'teleport', name: 'Beam' });
    graph.actions.push(chainNode('formula', 'debug'));
    expect(await validateChain(graph, { enabled: false, check: null })).toEqual([
      { node_id: 'x', connection_id: null, message: 'Beam: unknown node type teleport' },
      { node_id: 'formula', connection_id: null, message: 'Another node already has the id formula' },
    ]);
  });

  it("names the config field a node's kind refuses", async () => {
    const graph = validGraph();
    graph.actions[1] = chainNode('formula', 'formula', { mode: 'linear', m: 'two', c: 0 });
    const problems = await validateChain(graph, { enabled: false, check: null });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ node_id: 'formula', connection_id: null });
    expect(problems[0]?.message).toMatch(/^Formula: m must be a number/);
  });

  it("reports a kind's own check: a sensor that is not the organization's", async () => {
    const graph = validGraph();
    graph.actions[2] = chainNode('sink', 'virtual_sensor', { sensor_id: 'foreign', param_key: 'f' });
    expect(await validateChain(graph, { enabled: true, check: check() })).toEqual([
      {
        node_id: 'sink',
        connection_id: null,
        message: 'Write virtual sensor: sensor_id: the sensor does not exist in this organization',
      },
    ]);
  });

  it('points at connections naming a missing node, output or input', async () => {
    const graph = validGraph();
    graph.connections.push(
      { id: 'ghost', source: 'formula', source_output: 'out', target: 'nowhere', target_input: 'in' },
      { id: 'no-out', source: 'formula', source_output: 'sideways', target: 'sink', target_input: 'in' },
      { id: 'no-in', source: 'formula', source_output: 'out', target: 'sink', target_input: 'back' },
    );
    expect(await validateChain(graph, { enabled: false, check: null })).toEqual([
      {
        node_id: null,
        connection_id: 'ghost',
        message: 'The connection names node nowhere, which is not in the chain',
      },
      { node_id: null, connection_id: 'no-out', message: 'Formula has no output sideways' },
      { node_id: null, connection_id: 'no-in', message: 'Write virtual sensor has no input back' },
    ]);
  });

  it('refuses an object output into a reading input and accepts it into an any input', async () => {
    const graph = chainGraph(
      [
        chainNode('source', 'sensor_telemetry', { scope: { kind: 'sensors', sensor_ids: [SENSOR] } }),
        { ...chainNode('parse', 'debug'), type: 'parse_json', name: 'Parse', config: { field: 'x' } },
        chainNode('formula', 'formula'),
        chainNode('debug', 'debug'),
      ],
      [],
    );
    graph.connections = [
      { id: 'a', source: 'source', source_output: 'out', target: 'parse', target_input: 'in' },
      { id: 'b', source: 'parse', source_output: 'out', target: 'formula', target_input: 'in' },
      { id: 'c', source: 'parse', source_output: 'out', target: 'debug', target_input: 'in' },
    ];
    const problems = await validateChain(graph, { enabled: false, check: null, kindOf });
    expect(problems).toEqual([
      {
        node_id: null,
        connection_id: 'b',
        message: "Parse's Object sends object messages; Formula's In takes reading",
      },
      // The refused connection leaves the formula's required input unfed.
      { node_id: 'formula', connection_id: null, message: 'Formula: its input In must be connected' },
    ]);
  });

  it("takes a switch's named outputs from its config", async () => {
    const graph = chainGraph([
      chainNode('source', 'sensor_telemetry', { scope: { kind: 'sensors', sensor_ids: [SENSOR] } }),
      {
        ...chainNode('route', 'debug'),
        type: 'route_test',
        name: 'Router',
        config: { routes: [{ output: 'hot' }] },
      },
      chainNode('debug', 'debug'),
    ]);
    graph.connections = [
      { id: 'a', source: 'source', source_output: 'out', target: 'route', target_input: 'in' },
      { id: 'b', source: 'route', source_output: 'hot', target: 'debug', target_input: 'in' },
      { id: 'c', source: 'route', source_output: 'cold', target: 'debug', target_input: 'in' },
      { id: 'd', source: 'route', source_output: 'else', target: 'debug', target_input: 'in' },
    ];
    expect(await validateChain(graph, { enabled: true, check: null, kindOf })).toEqual([
      { node_id: null, connection_id: 'c', message: 'Router has no output cold' },
    ]);
  });

  it('points at a required input left unconnected, while several connections may feed one input', async () => {
    const graph = validGraph();
    graph.connections = graph.connections.filter((c) => c.target !== 'sink');
    expect(await validateChain(graph, { enabled: false, check: null })).toEqual([
      {
        node_id: 'sink',
        connection_id: null,
        message: 'Write virtual sensor: its input In must be connected',
      },
    ]);
    const fed = validGraph();
    fed.actions.push(
      chainNode('second', 'sensor_telemetry', { scope: { kind: 'sensors', sensor_ids: [SENSOR] } }),
    );
    fed.connections.push({
      id: 'again',
      source: 'second',
      source_output: 'out',
      target: 'formula',
      target_input: 'in',
    });
    expect(await validateChain(fed, { enabled: true, check: check() })).toEqual([]);
  });

  it('points at a node on a loop', async () => {
    const graph = validGraph();
    graph.actions.push(chainNode('filter', 'filter'));
    graph.connections.push(
      { id: 'to-filter', source: 'formula', source_output: 'out', target: 'filter', target_input: 'in' },
      { id: 'back', source: 'filter', source_output: 'pass', target: 'formula', target_input: 'in' },
    );
    const problems = await validateChain(graph, { enabled: false, check: null });
    expect(problems).toEqual([
      {
        node_id: 'formula',
        connection_id: null,
        message: 'Formula is on a loop: a message would come back to it forever',
      },
    ]);
    expect(nodesOnCycles(['a'], [{ source: 'a', target: 'a' }])).toEqual(['a']);
    expect(
      nodesOnCycles(
        ['a', 'b', 'c'],
        [
          { source: 'a', target: 'b' },
          { source: 'a', target: 'c' },
          { source: 'b', target: 'c' },
        ],
      ),
    ).toEqual([]);
  });

  it('asks a running chain for a source but lets a draft go without one', async () => {
    const noInput = { actions: [chainNode('formula', 'formula')], connections: [] };
    expect(await validateChain(noInput, { enabled: true, check: null })).toEqual([
      { node_id: 'formula', connection_id: null, message: 'Formula: its input In must be connected' },
      {
        node_id: null,
        connection_id: null,
        message: 'A running chain needs a source node (telemetry or schedule)',
      },
    ]);
  });
});

describe('version diffs', () => {
  it('names nodes added, removed and changed by id, counts rewired connections and a rename, and ignores moves', () => {
    const before = { name: 'A', ...validGraph() };
    const after = structuredClone(before);
    after.name = 'B';
    after.actions = after.actions.filter((n) => n.id !== 'sink');
    after.actions.push(chainNode('debug', 'debug'));
    const formula = after.actions.find((n) => n.id === 'formula');
    if (formula) formula.config = { mode: 'linear', m: 2, c: 0 };
    const source = after.actions.find((n) => n.id === 'source');
    if (source) source.position = { x: 999, y: 999 };
    after.connections = [
      after.connections[0] as ChainGraph['connections'][number],
      { id: 'new', source: 'formula', source_output: 'out', target: 'debug', target_input: 'in' },
    ];
    expect(diffChains(before, after)).toEqual({
      added: ['debug'],
      removed: ['sink'],
      changed: ['formula'],
      connections_added: 1,
      connections_removed: 1,
      renamed: true,
    });
    expect(diffChains(null, before)).toMatchObject({
      added: ['source', 'formula', 'sink'],
      connections_added: 2,
      renamed: false,
    });
  });
});
