/**
 * Cluster buses of several in-process "nodes" joined in memory, delivering as PostgreSQL's would: each
 * message once to every node, the sender's marked local; `cut(i)` tells node i it may have missed some.
 */
import type { BusChannel, BusSubscriber, ClusterBus } from '../platform/cluster';

export function joinedBuses(count: number): (ClusterBus & { cut(): void })[] {
  const nodes = Array.from({ length: count }, () => new Map<string, Set<BusSubscriber>>());
  return nodes.map((mine, index) => ({
    publish: async (channel: BusChannel, payload: unknown) => {
      const text = JSON.stringify(payload ?? null);
      nodes.forEach((node, i) => {
        for (const s of node.get(channel) ?? []) s.message({ payload: JSON.parse(text), local: i === index });
      });
    },
    subscribe: (channel: BusChannel, subscriber: BusSubscriber) => {
      const set = mine.get(channel) ?? new Set();
      mine.set(channel, set.add(subscriber));
      return () => void set.delete(subscriber);
    },
    close: async () => undefined,
    cut: () => {
      for (const set of mine.values()) for (const s of set) s.missed?.();
    },
  }));
}
