/**
 * A chain's trace as the editor sees it: counts on every connection and node, failures always kept
 * (with an 'error' activity entry), every message of a debugged node once debug is switched on (no
 * redeploy), the live trace in the chain's room, and a replay that runs a node without side effects.
 * Another organization can read, change, replay or follow none of it.
 */
import {
  APP_KEYS,
  type PipelineTraceEvent,
  SOCKET_EVENTS,
  SOCKET_PATH,
  STREAM_SOCKET_EVENTS,
  type SubscribeAck,
} from '@ferrite/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketAccessOf } from '../../../app/runtime';
import { attachSocketServer, type RunningSocketServer } from '../../../platform/realtime/socketServer';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin, addProject } from '../../entityManager/testSupport';
import { chainRunning, ingest, runtimeOf, settle, storedValues, waitFor } from '../runtime/testSupport';
import { createChain, type StreamClient, streamClient, streamTenant, validChain } from '../testSupport';

let platform: TestPlatform;
let sockets: RunningSocketServer;
let base: string;
let tenant: Awaited<ReturnType<typeof streamTenant>>;
let stream: StreamClient;
let chainPath: string;
let chainId: string;
let rival: { orgId: string; token: string; stream: StreamClient; projectId: string };
const opened: Socket[] = [];

beforeAll(async () => {
  platform = await createTestPlatform();
  sockets = await attachSocketServer(platform.app, platform.deps, socketAccessOf());
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  tenant = await streamTenant(platform, 'Traced plant');
  stream = tenant.stream;
  // Doubles readings up to 50 into the pump's "doubled"; a hotter one fails at the formula.
  const chain = await createChain(
    stream,
    tenant.projectId,
    validChain(tenant.boiler, {
      enabled: true,
      targetSensorId: tenant.pump,
      config: {
        source: { param_keys: ['temperature'] },
        formula: {
          mode: 'expression',
          expression: '$x > 50 ? $error("too hot to double") : $x * 2',
          out_key: 'doubled',
        },
        sink: { param_key: 'doubled' },
      },
    }),
  );
  chainId = chain.id;
  chainPath = `/${tenant.projectId}/pipelines/${chainId}`;
  await chainRunning(platform, tenant.orgId, chainId);
  const other = await addOrgWithAdmin(platform, 'trace-rivals', [...APP_KEYS]);
  rival = {
    ...other,
    stream: streamClient(platform, other.token),
    projectId: await addProject(platform, other.orgId, 'Rival plant'),
  };
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await sockets.close();
  await platform.close();
});

function connect(token: string): Promise<Socket> {
  const socket = io(base, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const subscribe = (socket: Socket, room: unknown) =>
  new Promise<SubscribeAck>((resolve) => socket.emit(SOCKET_EVENTS.subscribe, room, resolve));

describe("a chain's trace", () => {
  it('counts every connection and node, and keeps a failure with its message and an error activity entry', async () => {
    const ts = Date.now() - 60_000;
    await ingest(platform, tenant.orgId, tenant.boiler, 'temperature', [
      [ts, 10],
      [ts + 1, 60],
    ]);
    await settle(platform);
    const response = await stream.get(`${chainPath}/trace`);
    expect(response.statusCode).toBe(200);
    const trace = response.json();
    expect(trace).toMatchObject({
      revision: 1,
      connections: { c1: 2, c2: 1 },
      nodes: {
        source: { in: 0, out: 2, errors: 0 },
        formula: { in: 2, out: 1, errors: 1 },
        sink: { in: 1, out: 1, errors: 0 },
      },
    });
    expect(trace.entries).toHaveLength(1);
    expect(trace.entries[0]).toMatchObject({
      node_id: 'formula',
      input_key: 'in',
      input: { ts: ts + 1, value: 60, key: 'temperature', sensor_id: tenant.boiler },
      outputs: [],
      error: expect.stringContaining('too hot to double'),
    });
    expect(await storedValues(platform, tenant.pump, 'doubled')).toEqual([{ ts, value: 20 }]);
    const activity = (await stream.get(`/${tenant.projectId}/activity`, { kind: 'error' })).json();
    expect(activity.activity[0]).toMatchObject({ kind: 'error', pipeline_id: chainId, node_id: 'formula' });
  });

  it('traces every message of a node once its debug is on, without a redeploy', async () => {
    const put = await stream.put(`${chainPath}/debug`, { debug_all: false, debug_nodes: ['sink'] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ debug_all: false, debug_nodes: ['sink'] });
    const chain = (await stream.get(chainPath)).json();
    expect(chain).toMatchObject({ revision: 1, debug_all: false, debug_nodes: ['sink'] });
    await waitFor(() => runtimeOf(platform).chainOf(tenant.orgId, chainId)?.debugNodes.has('sink') === true);

    const ts = Date.now() - 30_000;
    await ingest(platform, tenant.orgId, tenant.boiler, 'temperature', [[ts, 21]]);
    await settle(platform);
    const sink = (await stream.get(`${chainPath}/trace`, { node_id: 'sink' })).json();
    expect(sink.entries).toHaveLength(1);
    expect(sink.entries[0]).toMatchObject({
      node_id: 'sink',
      input: { ts, value: 42, key: 'doubled' },
      outputs: [{ output: 'out', message: { value: 42 } }],
      error: null,
    });
    // The formula is not debugged: only its failure is kept.
    const formula = (await stream.get(`${chainPath}/trace`, { node_id: 'formula' })).json();
    expect(formula.entries.map((entry: { error: string | null }) => entry.error)).toEqual([
      expect.stringContaining('too hot'),
    ]);
    expect(formula.nodes.formula).toMatchObject({ in: 3, out: 2, errors: 1 });

    await stream.put(`${chainPath}/debug`, { debug_all: false, debug_nodes: [] });
    await waitFor(() => runtimeOf(platform).chainOf(tenant.orgId, chainId)?.debugNodes.size === 0);
  });

  it("sends the live trace to the chain's room while messages flow", async () => {
    const socket = await connect(tenant.token);
    expect(
      await subscribe(socket, { kind: 'pipelineTrace', orgId: tenant.orgId, pipelineId: chainId }),
    ).toEqual({
      ok: true,
    });
    // An event counts what flowed since the one before it: earlier tests' last messages (a formula
    // error among them) go out within a trace period, before this test's reading flows.
    await settle(platform);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const event = new Promise<PipelineTraceEvent>((resolve) =>
      socket.on(STREAM_SOCKET_EVENTS.pipelineTrace, (payload: PipelineTraceEvent) => {
        if (payload.nodes.formula) resolve(payload);
      }),
    );
    await ingest(platform, tenant.orgId, tenant.boiler, 'temperature', [[Date.now() - 20_000, 5]]);
    await settle(platform);
    const live = await event;
    expect(live).toMatchObject({ pipeline_id: chainId, revision: 1, nodes: { formula: { errors: 0 } } });
    expect(live.connections.c1).toBe(live.nodes.formula?.in);
    expect(live.nodes.formula?.out).toBe(live.nodes.formula?.in);
  });

  it('replays a message through a changed node without storing anything, and names a bad config field', async () => {
    const node = {
      id: 'sink',
      type: 'virtual_sensor',
      name: 'Write',
      config: { sensor_id: tenant.pump, param_key: 'replayed' },
      position: { x: 0, y: 0 },
    };
    const message = {
      ts: Date.now() - 10_000,
      sensor_id: tenant.boiler,
      key: 'doubled',
      value: 7,
      payload: null,
    };
    const response = await stream.post(`${chainPath}/replay`, { node, message });
    expect(response.statusCode).toBe(200);
    const replay = response.json();
    expect(replay).toMatchObject({ outputs: [{ output: 'out', message }], error: null });
    expect(replay.effects).toEqual([expect.stringMatching(/^would store 1 value as replayed/)]);
    await settle(platform);
    expect(await storedValues(platform, tenant.pump, 'replayed')).toEqual([]);

    const bad = await stream.post(`${chainPath}/replay`, {
      node: { ...node, id: 'formula', type: 'formula', config: { mode: 'linear', m: 'two', c: 0 } },
      message,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('node.config.m');
  });
});

describe("another organization and a chain's trace", () => {
  it('can neither read the trace, switch debug, replay, nor follow the live trace', async () => {
    const paths = [chainPath, `/${rival.projectId}/pipelines/${chainId}`];
    for (const path of paths) {
      expect((await rival.stream.get(`${path}/trace`)).statusCode).toBe(404);
      expect((await rival.stream.put(`${path}/debug`, { debug_all: true, debug_nodes: [] })).statusCode).toBe(
        404,
      );
      const replay = await rival.stream.post(`${path}/replay`, {
        node: {
          id: 'n',
          type: 'formula',
          name: 'F',
          config: { mode: 'linear', m: 1, c: 0 },
          position: { x: 0, y: 0 },
        },
        message: { ts: 0, sensor_id: null, key: 'k', value: 1, payload: null },
      });
      expect(replay.statusCode).toBe(404);
    }
    expect((await stream.get(chainPath)).json().debug_all).toBe(false);

    const socket = await connect(rival.token);
    expect(
      await subscribe(socket, { kind: 'pipelineTrace', orgId: tenant.orgId, pipelineId: chainId }),
    ).toEqual({
      ok: false,
      error: 'You can only follow your own organization',
    });
    expect(
      await subscribe(socket, { kind: 'pipelineTrace', orgId: rival.orgId, pipelineId: chainId }),
    ).toEqual({
      ok: false,
      error: 'Not found',
    });
  });
});
