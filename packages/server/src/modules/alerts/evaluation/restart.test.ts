/**
 * A pending duration survives a restart: the server is stopped seven minutes into a ten-minute
 * condition (test clock) and a new one on the same database fires the alert on time, from the
 * pending-due job, with no further reading; and not a second early.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../platform/db/database';
import { seedDemoIfEmpty } from '../../../seed/demo';
import { demoOrgId } from '../../../testing/people';
import { signInToOrg } from '../../../testing/session';
import { openTestDatabase } from '../../../testing/testDatabase';
import { startTestNode, type TestPlatform } from '../../../testing/testPlatform';
import { createRuleEvaluator, firePendingDue } from './index';
import { alertsOf, buildPlant, insertRule, runOf, stateOf } from './testSupport';

let database: DatabaseHandle;
let node: TestPlatform | null = null;
const T = Date.UTC(2026, 5, 1, 10, 0, 0);
const MIN = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoIfEmpty(database.db);
});
afterAll(async () => {
  await node?.close();
  await database.close();
});

describe('a pending duration across a restart', () => {
  it('fires at since + 10 minutes on the next server, not before', async () => {
    node = await startTestNode(database);
    const orgId = await demoOrgId(database.db);
    const token = (await signInToOrg(node.app)).access_token;
    const { sensorId } = await buildPlant(node, orgId, token, 'Restart');
    const ruleId = await insertRule(node, orgId, {
      data: {
        scope: { kind: 'sensor', sensor_id: sensorId },
        condition: { op: 'gt', param: 'vibration', value: 7 },
        for_s: 600,
      },
    });
    const evaluator = createRuleEvaluator(node.deps);
    // Past the line at T, still past it 7 minutes in; then the server stops.
    await evaluator.onBatch([
      runOf(orgId, sensorId, 'vibration', [
        [T, 7.5],
        [T + 3 * MIN, 7.8],
        [T + 7 * MIN, 8.1],
      ]),
    ]);
    expect(await stateOf(database.db, ruleId, sensorId)).toMatchObject({
      state: 'pending',
      since: new Date(T),
    });
    expect(await firePendingDue(node.deps, new Date(T + 7 * MIN))).toBe(0);
    await node.close();

    node = await startTestNode(database);
    expect(await firePendingDue(node.deps, new Date(T + 10 * MIN - 1_000))).toBe(0);
    expect(await alertsOf(database.db, ruleId)).toHaveLength(0);
    expect(await firePendingDue(node.deps, new Date(T + 10 * MIN))).toBe(1);
    const alerts = await alertsOf(database.db, ruleId);
    expect(
      alerts.map((a) => ({ status: a.status, value: a.value, fired_at: new Date(a.fired_at).getTime() })),
    ).toEqual([{ status: 'active', value: 8.1, fired_at: T + 10 * MIN }]);
    expect((await stateOf(database.db, ruleId, sensorId))?.state).toBe('firing');
    // The job runs again (another period, or another node): nothing more.
    expect(await firePendingDue(node.deps, new Date(T + 11 * MIN))).toBe(0);
    expect(await alertsOf(database.db, ruleId)).toHaveLength(1);
  });
});
