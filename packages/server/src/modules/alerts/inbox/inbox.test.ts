/** The in-app inbox: the caller's unread count (never another member's), marking all or some read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../../testing/testPlatform';
import { addPerson } from '../../entityManager/testSupport';
import { demoAdmin } from '../../iotManager/testSupport';
import { type AlertClient, alertClient, raiseTestAlert } from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let me: string;
let api: AlertClient;

beforeAll(async () => {
  platform = await createTestPlatform();
  const admin = await demoAdmin(platform);
  orgId = admin.orgId;
  api = alertClient(platform, orgId, admin.token);
  const session = (await api.get('/inbox/unread')).json();
  expect(session.unread).toBe(0);
  me = (
    await platform.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ADMIN.email)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => platform.close());

async function tell(alertId: string, userId: string, medium = 'in_app') {
  await platform.deps.db
    .insertInto('alert_notifications')
    .values({ org_id: orgId, alert_id: alertId, medium, recipient: userId, user_id: userId, status: 'sent' })
    .execute();
}

describe('the in-app inbox', () => {
  it("counts the caller's unread in-app notifications and marks some or all read", async () => {
    const other = await addPerson(platform, orgId, { email: 'colleague@inbox.io' });
    const first = await raiseTestAlert(platform, orgId);
    const second = await raiseTestAlert(platform, orgId);
    await tell(first.id, me);
    await tell(second.id, me);
    await tell(second.id, me, 'email');
    await tell(first.id, other);
    expect((await api.get('/inbox/unread')).json()).toEqual({ unread: 2 });

    expect((await api.post('/inbox/read', { alert_ids: [first.id] })).json()).toEqual({ unread: 1 });
    expect((await api.post('/inbox/read', {})).json()).toEqual({ unread: 0 });
    const colleague = await platform.deps.db
      .selectFrom('alert_notifications')
      .select('read_at')
      .where('user_id', '=', other)
      .executeTakeFirstOrThrow();
    expect(colleague.read_at).toBeNull();
    expect((await api.post('/inbox/read', { alert_ids: ['nope'] })).statusCode).toBe(400);
  });
});
