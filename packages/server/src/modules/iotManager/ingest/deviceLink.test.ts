/**
 * Gateway changes across nodes: the node that made a change tells its broker credentials (with the
 * token it issued) and every node's caches; another node's caches hear it through the cluster bus,
 * never the token, and forget everything when the bus says messages may have been missed.
 */
import { describe, expect, it } from 'vitest';
import type { BusChannel, BusSubscriber, ClusterBus } from '../../../platform/cluster';
import { DeviceLinkHub } from './deviceLink';

/** Two nodes' buses joined in memory, delivering as PostgreSQL would (the sender marked local). */
function joinedBuses(): [ClusterBus & { cut(): void }, ClusterBus & { cut(): void }] {
  const subscribers = [new Map<string, Set<BusSubscriber>>(), new Map<string, Set<BusSubscriber>>()];
  const bus = (mine: number): ClusterBus & { cut(): void } => ({
    publish: async (channel, payload) => {
      subscribers.forEach((node, i) => {
        for (const s of node.get(channel) ?? []) s.message({ payload, local: i === mine });
      });
    },
    subscribe: (channel: BusChannel, subscriber) => {
      const set = subscribers[mine]?.get(channel) ?? new Set();
      subscribers[mine]?.set(channel, set.add(subscriber));
      return () => set.delete(subscriber);
    },
    close: async () => undefined,
    cut: () => {
      for (const set of subscribers[mine]?.values() ?? []) for (const s of set) s.missed?.();
    },
  });
  return [bus(0), bus(1)];
}

function node(bus: ClusterBus) {
  const hub = new DeviceLinkHub(bus);
  const heard = { tokens: [] as (string | undefined)[], forgotten: [] as string[], forgotAll: 0 };
  hub.onGatewayChanged((_gatewayId, issuedToken) => heard.tokens.push(issuedToken));
  hub.onGatewayChangedOnAnyNode({
    changed: (gatewayId) => heard.forgotten.push(gatewayId),
    missed: () => heard.forgotAll++,
  });
  return { hub, heard };
}

describe('gateway changes on two nodes', () => {
  it('reach every node’s caches once, and the issued token only the node that issued it', async () => {
    const [busA, busB] = joinedBuses();
    const [a, b] = [node(busA), node(busB)];
    await a.hub.gatewayChanged('g-1', 'new-token');
    expect(a.heard).toEqual({ tokens: ['new-token'], forgotten: ['g-1'], forgotAll: 0 });
    expect(b.heard).toEqual({ tokens: [], forgotten: ['g-1'], forgotAll: 0 });
  });

  it('forgets every gateway on a node whose bus may have missed changes', () => {
    const [busA, busB] = joinedBuses();
    const [a, b] = [node(busA), node(busB)];
    busB.cut();
    expect(b.heard.forgotAll).toBe(1);
    expect(a.heard.forgotAll).toBe(0);
  });
});
