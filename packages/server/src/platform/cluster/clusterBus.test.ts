/**
 * The cluster bus on the test's database: on PGlite one process hears its own messages; on PostgreSQL
 * two buses on two connections (two nodes) hear each other's, each message once per node
 * (postgresBus.test.ts: after a cut connection).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testDatabase';
import type { DatabaseHandle } from '../db/database';
import { createLogger } from '../http/logging';
import { MAX_PAYLOAD_BYTES } from './clusterBus';
import { type BusDelivery, type ClusterBus, openClusterBus } from './index';
import type { PostgresBus } from './postgresBus';

const log = createLogger('silent');
let database: DatabaseHandle;
let nodeA: ClusterBus;
let nodeB: ClusterBus;

beforeAll(async () => {
  database = await openTestDatabase();
  nodeA = await openClusterBus(database, log);
  nodeB = database.engine === 'postgres' ? await openClusterBus(database, log) : nodeA;
});

afterAll(async () => {
  await nodeA.close();
  if (nodeB !== nodeA) await nodeB.close();
  await database.close();
});

/** Collects a channel's deliveries; `next()` waits for the next one. */
function listen(bus: ClusterBus, channel: `ferrite_${string}`) {
  const heard: BusDelivery[] = [];
  let wake: (() => void) | null = null;
  let missed = 0;
  const stop = bus.subscribe(channel, {
    message: (delivery) => {
      heard.push(delivery);
      wake?.();
    },
    missed: () => {
      missed += 1;
      wake?.();
    },
  });
  return {
    heard,
    get missed() {
      return missed;
    },
    stop,
    until: async (done: () => boolean) => {
      while (!done()) await new Promise<void>((resolve) => (wake = resolve));
    },
  };
}

const ready = (bus: ClusterBus) => (bus as Partial<PostgresBus>).listening?.() ?? Promise.resolve();

describe('cluster bus', () => {
  it('delivers a message once to every node, the sender at once and marked as its own', async () => {
    const onA = listen(nodeA, 'ferrite_test_one');
    const onB = nodeB === nodeA ? null : listen(nodeB, 'ferrite_test_one');
    await ready(nodeA);
    await ready(nodeB);
    await nodeA.publish('ferrite_test_one', { gateway: 'g-1' });
    expect(onA.heard).toEqual([{ payload: { gateway: 'g-1' }, local: true }]);
    if (onB) {
      await onB.until(() => onB.heard.length > 0);
      expect(onB.heard).toEqual([{ payload: { gateway: 'g-1' }, local: false }]);
      // A's echo from the database never reaches A a second time.
      await nodeB.publish('ferrite_test_one', 'from B');
      await onA.until(() => onA.heard.length > 1);
      expect(onA.heard.map((d) => d.payload)).toEqual([{ gateway: 'g-1' }, 'from B']);
      expect(onB.heard.map((d) => d.payload)).toEqual([{ gateway: 'g-1' }, 'from B']);
    }
    onA.stop();
    onB?.stop();
  });

  it('stops delivering to a subscriber that stopped listening, and keeps channels apart', async () => {
    const one = listen(nodeB, 'ferrite_test_two');
    const other = listen(nodeB, 'ferrite_test_three');
    await ready(nodeB);
    await nodeA.publish('ferrite_test_two', 1);
    await one.until(() => one.heard.length === 1);
    one.stop();
    await nodeA.publish('ferrite_test_two', 2);
    await nodeA.publish('ferrite_test_three', 3);
    await other.until(() => other.heard.length === 1);
    expect(one.heard.map((d) => d.payload)).toEqual([1]);
    expect(other.heard.map((d) => d.payload)).toEqual([3]);
    other.stop();
  });

  it('refuses a message too big for PostgreSQL and a channel name it cannot listen to', async () => {
    await expect(nodeA.publish('ferrite_test_one', 'x'.repeat(MAX_PAYLOAD_BYTES))).rejects.toThrow(
      /over 7000 bytes/,
    );
    expect(() => nodeA.subscribe('ferrite_Bad-Name', { message: () => undefined })).toThrow(/bad channel/);
  });
});
