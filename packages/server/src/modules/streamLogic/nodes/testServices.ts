/**
 * An in-memory StreamServices for node tests: windows and state keep the real ones' once-only
 * semantics (a claim deletes, a state claim wins once), sinks record what they were asked to do.
 */
import type { ChainMessage } from '@ferrite/contracts';
import type { BucketAddition, StreamSensor, StreamServices } from '../engine/services';
import type { CheckContext, NodeContext } from './defineNode';

export interface TestServices extends StreamServices {
  /** What the sinks were asked to do, in order. */
  readonly calls: { sink: string; args: unknown[] }[];
  readonly sensorMap: Map<string, StreamSensor>;
  readonly gateways: Map<string, Set<string>>;
  /** Ids `exist` answers true for (any kind). */
  readonly known: Set<string>;
}

/** A sensor as the sources see it. */
export function testSensor(id: string, over: Partial<StreamSensor> = {}): StreamSensor {
  return {
    id,
    orgId: 'org-1',
    projectId: 'project-1',
    name: `Sensor ${id}`,
    typeIds: [],
    assetIds: [],
    parentId: null,
    ...over,
  };
}

/** Fresh in-memory services (`sandbox` answers by calling `script(msg)` when given). */
export function testServices(options: { script?: (message: ChainMessage) => unknown } = {}): TestServices {
  const buckets = new Map<string, Map<string, BucketAddition>>();
  const state = new Map<string, Map<string, { ts: number; value: unknown }>>();
  const calls: TestServices['calls'] = [];
  const sensorMap = new Map<string, StreamSensor>();
  const gateways = new Map<string, Set<string>>();
  const known = new Set<string>();
  const of = <T>(all: Map<string, Map<string, T>>, pipelineId: string, nodeId: string) => {
    const id = `${pipelineId}/${nodeId}`;
    let found = all.get(id);
    if (!found) {
      found = new Map();
      all.set(id, found);
    }
    return found;
  };
  const record = (sink: string, ...args: unknown[]) => calls.push({ sink, args });
  return {
    calls,
    sensorMap,
    gateways,
    known,
    sensors: {
      async get(orgId, ids) {
        const found = new Map<string, StreamSensor>();
        for (const id of ids) {
          const sensor = sensorMap.get(id);
          if (sensor && sensor.orgId === orgId) found.set(id, sensor);
        }
        return found;
      },
      async ofGateway(_orgId, gatewayId) {
        return gateways.get(gatewayId) ?? new Set();
      },
      async exist(_orgId, _kind, ids) {
        return ids.every((id) => known.has(id));
      },
    },
    windows: {
      async add(pipelineId, nodeId, additions) {
        const node = of(buckets, pipelineId, nodeId);
        for (const addition of additions) {
          const id = `${addition.groupKey}|${addition.bucketStart}`;
          const found = node.get(id);
          if (!found) {
            node.set(id, structuredClone(addition));
            continue;
          }
          found.count += addition.count;
          found.sum += addition.sum;
          found.min = Math.min(found.min, addition.min);
          found.max = Math.max(found.max, addition.max);
          if (addition.firstTs < found.firstTs)
            Object.assign(found, { firstTs: addition.firstTs, firstValue: addition.firstValue });
          if (addition.lastTs >= found.lastTs)
            Object.assign(found, { lastTs: addition.lastTs, lastValue: addition.lastValue });
        }
      },
      async claim(pipelineId, nodeId, before) {
        const node = of(buckets, pipelineId, nodeId);
        const claimed = [...node.entries()].filter(([, bucket]) => bucket.bucketStart < before);
        for (const [id] of claimed) node.delete(id);
        return claimed.map(([, bucket]) => bucket).sort((a, b) => a.bucketStart - b.bucketStart);
      },
      async read(pipelineId, nodeId, from) {
        return [...of(buckets, pipelineId, nodeId).values()]
          .filter((bucket) => bucket.bucketStart >= from)
          .map((bucket) => structuredClone(bucket));
      },
    },
    state: {
      async get(pipelineId, nodeId, keys) {
        const node = of(state, pipelineId, nodeId);
        const found = new Map<string, { ts: number; value: unknown }>();
        for (const key of keys) {
          const entry = node.get(key);
          if (entry) found.set(key, structuredClone(entry));
        }
        return found;
      },
      async claim(pipelineId, nodeId, key, ts, value, ifBefore) {
        const node = of(state, pipelineId, nodeId);
        const entry = node.get(key);
        if (entry && entry.ts >= ifBefore) return false;
        node.set(key, { ts, value: structuredClone(value) });
        return true;
      },
      async put(pipelineId, nodeId, key, ts, value) {
        of(state, pipelineId, nodeId).set(key, { ts, value: structuredClone(value) });
      },
      async takeDue(pipelineId, nodeId, upTo) {
        const node = of(state, pipelineId, nodeId);
        const due = [...node.entries()].filter(([, entry]) => entry.ts <= upTo);
        for (const [key] of due) node.delete(key);
        return due.map(([key, entry]) => ({ key, ...entry })).sort((a, b) => a.ts - b.ts);
      },
    },
    enrich: {
      async assetMetadata(_orgId, assetId) {
        return assetId === 'asset-pump' ? { location: 'Hall 2', rated_kw: 15 } : null;
      },
      async sensorTypeParameters(_orgId, typeId) {
        return typeId === 'type-temp' ? { unit: '°C' } : null;
      },
      async projectAssets() {
        return [{ uuid: 'asset-pump', name: 'Pump 1' }];
      },
    },
    sandbox: {
      async run(_code, message) {
        if (!options.script) throw new Error('no sandbox in this test');
        return options.script(message);
      },
    },
    sinks: {
      async writeReadings(...args) {
        record('writeReadings', ...args);
      },
      async raiseAlert(...args) {
        record('raiseAlert', ...args);
      },
      async sendCommand(...args) {
        record('sendCommand', ...args);
        return 'command-1';
      },
      async postWebhook(...args) {
        record('postWebhook', ...args);
        return 200;
      },
      async sendMessage(...args) {
        record('sendMessage', ...args);
      },
    },
  };
}

/** A node context on test services, with a clock the test moves. */
export function testContext(
  services: StreamServices,
  options: { nodeId?: string; dryRun?: boolean; now?: number } = {},
): NodeContext & { clock: { now: number }; effects: string[] } {
  const clock = { now: options.now ?? Date.UTC(2026, 0, 1, 12) };
  const effects: string[] = [];
  return {
    orgId: 'org-1',
    projectId: 'project-1',
    pipelineId: 'pipeline-1',
    pipelineName: 'Chain',
    revision: 1,
    nodeId: options.nodeId ?? 'node-1',
    nodeName: 'Node',
    dryRun: options.dryRun ?? false,
    now: () => clock.now,
    effect: (description) => effects.push(description),
    services,
    clock,
    effects,
  };
}

/** A check context on test services. */
export function testCheckContext(services: StreamServices): CheckContext {
  return { orgId: 'org-1', projectId: 'project-1', services };
}

/** A reading message. */
export function reading(value: number | null, over: Partial<ChainMessage> = {}): ChainMessage {
  return {
    ts: Date.UTC(2026, 0, 1, 12),
    sensor_id: 'sensor-1',
    key: 'temperature',
    value,
    payload: null,
    ...over,
  };
}

/** Inputs on `in` (or the given socket). */
export function arrive(messages: readonly ChainMessage[], input = 'in') {
  return messages.map((message) => ({ input, message }));
}
