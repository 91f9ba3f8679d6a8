/**
 * Pacing under a test clock: the first round waits for the group, repeats come every repeat interval
 * while the alert is active, escalation tells the next step when nobody acknowledged in time, each once
 * however often the tick runs; acknowledging or snoozing stops them.
 */
import { randomUUID } from 'node:crypto';
import type { RulePolicy } from '@ferrite/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, demoOrgId } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { raiseAlert } from '../lifecycle/raise';
import { DELIVER_JOB } from './deliver';
import { createQueues, takeJobs } from './fakeProviders';
import { GROUP_JOB, type GroupJobData, notifyGroup, policyTick } from './policy';

let platform: TestPlatform;
let orgId: string;
let anna: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  await createQueues(platform.deps.db, { [GROUP_JOB]: 'short', [DELIVER_JOB]: 'short' });
  orgId = await demoOrgId(platform.deps.db);
  anna = await addMember(platform.deps.db, orgId, {
    email: 'anna@pace.test',
    password: 'Anna#2026!',
    name: 'Anna',
  });
});
afterAll(() => platform.close());

const MIN = 60_000;

async function fire(firedAt: Date, policy: Partial<RulePolicy>, groupKey?: string) {
  const raised = await raiseAlert(platform.deps, {
    orgId,
    app: 'alerts',
    dedupeKey: `pace:${randomUUID()}`,
    ...(groupKey ? { groupKey } : {}),
    severity: 'major',
    description: 'Vibration 7.9 mm/s > 7.1',
    media: ['in_app'],
    recipients: { user_ids: [anna], group_ids: [], addresses: [] },
    policy: {
      name: 'Night shift',
      group_wait_s: 0,
      group_interval_s: 300,
      repeat_interval_s: 600,
      escalation: [],
      ...policy,
    },
    firedAt,
  });
  if (!raised) throw new Error('not raised');
  return raised.alert;
}

async function rounds(alertId: string) {
  const rows = await platform.deps.db
    .selectFrom('alert_notifications')
    .select(['medium', 'recipient', 'round', 'step'])
    .where('alert_id', '=', alertId)
    .orderBy('step')
    .orderBy('round')
    .execute();
  return rows.map((row) => `${row.step}/${row.round} ${row.medium} ${row.recipient}`);
}

describe('the first round', () => {
  it('waits group_wait_s, and a group notified lately waits out group_interval_s', async () => {
    const groupKey = `group:${randomUUID()}`;
    const before = Date.now();
    const first = await fire(new Date(), { group_wait_s: 30 }, groupKey);
    const queued = await sql<{ start_after: Date; data: GroupJobData }>`
      select start_after, data from pgboss.job where name = ${GROUP_JOB} and data->>'groupKey' = ${groupKey}`.execute(
      platform.deps.db,
    );
    expect(queued.rows).toHaveLength(1);
    const startAfter = new Date(queued.rows[0]?.start_after as Date).getTime();
    expect(startAfter).toBeGreaterThanOrEqual(before + 29_000);
    expect(startAfter).toBeLessThanOrEqual(Date.now() + 31_000);
    // A second alert of the group while the first job waits rides along with it.
    const second = await fire(new Date(), { group_wait_s: 30 }, groupKey);
    const jobs = (await takeJobs<GroupJobData>(platform.deps.db, GROUP_JOB)).filter(
      (job) => job.data.groupKey === groupKey,
    );
    expect(jobs).toHaveLength(1);
    expect(await notifyGroup(platform.deps, jobs[0]?.data as GroupJobData, new Date())).toBe(2);
    expect(await rounds(first.id)).toEqual(['0/0 in_app Anna']);
    expect(await rounds(second.id)).toEqual(['0/0 in_app Anna']);
    // Notified just now: a third alert of the group waits for the group interval (300 s).
    await fire(new Date(), { group_wait_s: 0 }, groupKey);
    const later = await sql<{ start_after: Date }>`
      select start_after from pgboss.job where name = ${GROUP_JOB} and data->>'groupKey' = ${groupKey}`.execute(
      platform.deps.db,
    );
    expect(new Date(later.rows[0]?.start_after as Date).getTime()).toBeGreaterThanOrEqual(before + 299_000);
  });
});

describe('repeats and escalation', () => {
  it('repeat every interval and escalate when not acknowledged, once per tick however many run', async () => {
    const t0 = new Date(Date.now() - 2 * MIN);
    const alert = await fire(t0, {
      repeat_interval_s: 600,
      escalation: [
        {
          after_s: 900,
          media: ['email'],
          recipients: { user_ids: [], group_ids: [], addresses: ['lead@pace.test'] },
        },
        {
          after_s: 1_800,
          media: ['sms'],
          recipients: { user_ids: [], group_ids: [], addresses: ['+4915100000077'] },
        },
      ],
    });
    await notifyGroup(platform.deps, { orgId, groupKey: alert.group_key }, t0);
    await policyTick(platform.deps, new Date(t0.getTime() + 5 * MIN));
    expect(await rounds(alert.id)).toEqual(['0/0 in_app Anna']);

    const at10 = new Date(t0.getTime() + 10 * MIN + 1_000);
    await Promise.all([policyTick(platform.deps, at10), policyTick(platform.deps, at10)]);
    expect(await rounds(alert.id)).toEqual(['0/0 in_app Anna', '0/1 in_app Anna']);

    await policyTick(platform.deps, new Date(t0.getTime() + 16 * MIN));
    expect(await rounds(alert.id)).toEqual([
      '0/0 in_app Anna',
      '0/1 in_app Anna',
      '1/0 email lead@pace.test',
    ]);
    const escalated = await platform.deps.db
      .selectFrom('alert_events')
      .select('text')
      .where('alert_id', '=', alert.id)
      .where('kind', '=', 'escalated')
      .execute();
    expect(escalated.map((event) => event.text)).toEqual(['Escalated (step 1): E-mail to lead@pace.test']);

    // Acknowledged: no more repeats, no second step, however late.
    await platform.deps.db
      .updateTable('alerts')
      .set({ status: 'acknowledged', acknowledged_at: new Date() })
      .where('id', '=', alert.id)
      .execute();
    await policyTick(platform.deps, new Date(t0.getTime() + 60 * MIN));
    expect(await rounds(alert.id)).toHaveLength(3);
    const stored = await platform.deps.db
      .selectFrom('alerts')
      .select(['repeat_round', 'escalation_step'])
      .where('id', '=', alert.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ repeat_round: 1, escalation_step: 1 });
  });

  it('sends only the latest due repeat after a long pause, and nothing while snoozed', async () => {
    const t0 = new Date(Date.now() - 5 * MIN);
    const alert = await fire(t0, { repeat_interval_s: 600 });
    await notifyGroup(platform.deps, { orgId, groupKey: alert.group_key }, t0);
    await policyTick(platform.deps, new Date(t0.getTime() + 35 * MIN));
    expect(await rounds(alert.id)).toEqual(['0/0 in_app Anna', '0/3 in_app Anna']);

    await platform.deps.db
      .updateTable('alerts')
      .set({ snoozed_until: new Date(t0.getTime() + 60 * MIN) })
      .where('id', '=', alert.id)
      .execute();
    await policyTick(platform.deps, new Date(t0.getTime() + 50 * MIN));
    expect(await rounds(alert.id)).toHaveLength(2);
    await policyTick(platform.deps, new Date(t0.getTime() + 61 * MIN));
    expect(await rounds(alert.id)).toEqual(['0/0 in_app Anna', '0/3 in_app Anna', '0/6 in_app Anna']);
  });
});

describe('a node that stopped mid-round', () => {
  it('never queued the first round: the tick sends it once the group wait is two minutes past', async () => {
    const firedAt = new Date(Date.now() - 3 * MIN);
    const alert = await platform.deps.db
      .insertInto('alerts')
      .values({
        org_id: orgId,
        app: 'alerts',
        severity: 'major',
        description: 'Raised just before the node stopped',
        media: JSON.stringify(['in_app']),
        recipient_spec: JSON.stringify({ user_ids: [anna], group_ids: [], addresses: [] }),
        policy: JSON.stringify({
          name: 'Slow',
          group_wait_s: 120,
          group_interval_s: 300,
          repeat_interval_s: 0,
          escalation: [],
        }),
        dedupe_key: `missed:${randomUUID()}`,
        group_key: `missed:${randomUUID()}`,
        fired_at: firedAt,
        updated_at: firedAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await policyTick(platform.deps, new Date());
    expect(await rounds(alert.id)).toEqual([]);
    await policyTick(platform.deps, new Date(firedAt.getTime() + 4 * MIN + 1_000));
    await policyTick(platform.deps, new Date(firedAt.getTime() + 4 * MIN + 2_000));
    expect(await rounds(alert.id)).toEqual(['0/0 in_app Anna']);
  });

  it('leaves stored messages that the tick queues again, once', async () => {
    const alert = await fire(new Date(), { repeat_interval_s: 0 });
    const threeMinutesAgo = new Date(Date.now() - 3 * MIN);
    const stored = await platform.deps.db
      .insertInto('alert_notifications')
      .values([
        {
          org_id: orgId,
          alert_id: alert.id,
          medium: 'sms',
          recipient: '+4915100000055',
          created_at: threeMinutesAgo,
        },
        {
          org_id: orgId,
          alert_id: alert.id,
          medium: 'in_app',
          recipient: 'Anna',
          user_id: anna,
          created_at: threeMinutesAgo,
        },
      ])
      .returning(['id', 'medium'])
      .execute();
    await takeJobs(platform.deps.db, DELIVER_JOB);
    await policyTick(platform.deps, new Date());
    await policyTick(platform.deps, new Date());
    const queued = await takeJobs<{ notificationId: string }>(platform.deps.db, DELIVER_JOB);
    const sms = stored.find((row) => row.medium === 'sms');
    expect(queued.map((job) => job.data.notificationId)).toEqual([sms?.id]);
    const inApp = await platform.deps.db
      .selectFrom('alert_notifications')
      .select('status')
      .where('alert_id', '=', alert.id)
      .where('medium', '=', 'in_app')
      .executeTakeFirstOrThrow();
    expect(inApp.status).toBe('sent');
  });
});
