/**
 * The node registry as survivors see it (PGlite and PostgreSQL): a silent node is claimed by one survivor
 * of its own group at a time, a node that comes back is not taken over, a finished takeover marks the
 * node gone, and a stopping node is no one to hand over to.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../../platform/db/database';
import { openTestDatabase } from '../../../../../testing/testDatabase';
import { NodeRegistry } from './nodeRegistry';

let database: DatabaseHandle;
let registry: NodeRegistry;

beforeAll(async () => {
  database = await openTestDatabase();
  registry = new NodeRegistry(database.db);
});

afterAll(async () => {
  await database?.close();
});

/** Makes a node look silent for `seconds`. */
async function silence(nodeId: string, seconds: number): Promise<void> {
  await sql`update cluster_nodes set heartbeat_at = now() - make_interval(secs => ${seconds})
    where node_id = ${nodeId}`.execute(database.db);
}

describe('the node registry', () => {
  it('lets one survivor of the group claim a silent node, and marks it gone once its sessions are emptied', async () => {
    await registry.announce('g1-a', 'g1', 4);
    await registry.announce('g1-b', 'g1', 4);
    await registry.announce('g2-x', 'g2', 4);
    expect(await registry.claimSilent('g1-a', 'g1', 3000, 30_000)).toBeUndefined();
    await silence('g1-b', 5);
    await silence('g2-x', 5);
    // Another deployment's node is not ours to take.
    const claims = await Promise.all([
      registry.claimSilent('g1-a', 'g1', 3000, 30_000),
      registry.claimSilent('g1-c', 'g1', 3000, 30_000),
    ]);
    expect(claims.filter(Boolean)).toEqual([{ nodeId: 'g1-b', shareGroup: 'g1', sessions: 4 }]);
    const adopter = claims[0] ? 'g1-a' : 'g1-c';
    expect(await registry.beingAdopted('g1-b')).toBe(true);
    expect(await registry.stillSilent('g1-b', 3000)).toBe(true);
    await registry.release('g1-b', adopter, true, 3000);
    expect(await registry.beingAdopted('g1-b')).toBe(false);
    // Gone: nobody claims it again.
    expect(await registry.claimSilent('g1-a', 'g1', 3000, 30_000)).toBeUndefined();
  });

  it('does not mark gone a node that came back while its sessions were being emptied', async () => {
    await registry.announce('g3-a', 'g3', 4);
    await registry.announce('g3-b', 'g3', 4);
    await silence('g3-b', 5);
    expect(await registry.claimSilent('g3-a', 'g3', 3000, 30_000)).toMatchObject({ nodeId: 'g3-b' });
    await registry.announce('g3-b', 'g3', 4);
    expect(await registry.stillSilent('g3-b', 3000)).toBe(false);
    await registry.release('g3-b', 'g3-a', true, 3000);
    await silence('g3-b', 5);
    // Not gone, so when it falls silent again it is claimed again.
    expect(await registry.claimSilent('g3-a', 'g3', 3000, 30_000)).toMatchObject({ nodeId: 'g3-b' });
  });

  it('counts no starting or stopping node as someone to hand over to, and leaves an unfinished stop to a survivor', async () => {
    await registry.announce('g4-a', 'g4', 4);
    await registry.announce('g4-b', 'g4', 4);
    // Not subscribed yet: the broker would have no one to send a handed-over share to.
    expect(await registry.othersAlive('g4-a', 'g4', 3000)).toBe(false);
    await registry.subscribed('g4-b');
    expect(await registry.othersAlive('g4-a', 'g4', 3000)).toBe(true);
    await registry.stopping('g4-b');
    expect(await registry.othersAlive('g4-a', 'g4', 3000)).toBe(false);
    await registry.leave('g4-b', false);
    expect(await registry.claimSilent('g4-a', 'g4', 3000, 30_000)).toMatchObject({ nodeId: 'g4-b' });
  });

  it('forgets nodes gone for a day when a node starts', async () => {
    await registry.announce('g5-old', 'g5', 4);
    await registry.leave('g5-old', true);
    await sql`update cluster_nodes set gone_at = now() - interval '2 days' where node_id = 'g5-old'`.execute(
      database.db,
    );
    await registry.announce('g5-new', 'g5', 4);
    const { rows } = await sql<{ node_id: string }>`
      select node_id from cluster_nodes where share_group = 'g5'`.execute(database.db);
    expect(rows.map((row) => row.node_id)).toEqual(['g5-new']);
  });
});
