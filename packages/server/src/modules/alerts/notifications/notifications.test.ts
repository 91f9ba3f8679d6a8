/**
 * Notifications as recipients see them: SMS and WhatsApp at a Twilio-compatible provider, e-mail at a
 * real SMTP server and in the outbox, in-app on the organization's socket room; retries with backoff,
 * the outbox when no provider is configured, silences, a round sent once however often it runs, and
 * recipients of other organizations never reached.
 */
import { randomUUID } from 'node:crypto';
import { ALERT_SOCKET_EVENTS, type AlertMedium, type Recipients } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup, demoOrgId } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin } from '../../entityManager/testSupport';
import { captureEvents } from '../../iotManager/testSupport';
import { raiseAlert } from '../lifecycle/raise';
import { orgAlertsRoom } from '../shared';
import { DELIVER_JOB, type DeliverJobData, deliverNotification } from './deliver';
import {
  createQueues,
  type FakeMessagingApi,
  type ReceivedMail,
  startFakeMessagingApi,
  startSmtpServer,
  takeJobs,
} from './fakeProviders';
import { notificationJobs } from './index';
import { GROUP_JOB, type GroupJobData, notifyGroup } from './policy';

const SMS_FROM = '+4930123456';
const WHATSAPP_FROM = '+4930654321';
let platform: TestPlatform;
let provider: FakeMessagingApi;
let smtp: { mails: ReceivedMail[]; close(): Promise<void> };
let orgId: string;
let anna: string;
let bob: string;
let crew: string;
let foreign: { orgId: string; userId: string; groupId: string };

beforeAll(async () => {
  provider = await startFakeMessagingApi(19311);
  smtp = await startSmtpServer(19312);
  platform = await createTestPlatform({
    SMTP_URL: 'smtp://127.0.0.1:19312?from=alerts@ferrite.test',
    SMS_API_URL: provider.url,
    SMS_ACCOUNT_SID: 'AC123',
    SMS_AUTH_TOKEN: 'token-abc',
    SMS_FROM,
    WHATSAPP_FROM,
  });
  const db = platform.deps.db;
  await createQueues(db, { [GROUP_JOB]: 'short', [DELIVER_JOB]: 'short' });
  orgId = await demoOrgId(db);
  anna = await addMember(db, orgId, { email: 'anna@plant.test', password: 'Anna#2026!', name: 'Anna' });
  await db.updateTable('users').set({ phone: '+4915100000001' }).where('id', '=', anna).execute();
  crew = await createGroup(db, orgId, { name: 'Night crew', apps: ['alerts'] });
  bob = await addMember(db, orgId, {
    email: 'bob@plant.test',
    password: 'Bob#20266!',
    name: 'Bob',
    groupIds: [crew],
  });
  await db.updateTable('users').set({ phone: '+4915100000002' }).where('id', '=', bob).execute();
  const other = await addOrgWithAdmin(platform, `rival-${randomUUID().slice(0, 6)}`, ['alerts']);
  const eve = await addMember(db, other.orgId, {
    email: 'eve@rival.test',
    password: 'Eve#202666!',
    name: 'Eve',
  });
  await db.updateTable('users').set({ phone: '+4915100000099' }).where('id', '=', eve).execute();
  const rivalGroup = await createGroup(db, other.orgId, { name: 'Rival crew', apps: ['alerts'] });
  await db
    .insertInto('user_group_members')
    .values({ org_id: other.orgId, group_id: rivalGroup, user_id: eve })
    .execute();
  foreign = { orgId: other.orgId, userId: eve, groupId: rivalGroup };
});
afterAll(async () => {
  await platform.close();
  await provider.close();
  await smtp.close();
});

async function fire(media: AlertMedium[], recipients: Partial<Recipients> | null, extra = {}) {
  const raised = await raiseAlert(platform.deps, {
    orgId,
    app: 'alerts',
    dedupeKey: `test:${randomUUID()}`,
    severity: 'critical',
    description: 'Boiler pressure 9.1 bar > 7.5',
    media,
    recipients: recipients ? { user_ids: [], group_ids: [], addresses: [], ...recipients } : null,
    entity: { kind: 'sensor', id: randomUUID(), name: 'Boiler', path: 'Plant / Hall A / Boiler' },
    paramKey: 'pressure',
    value: 9.1,
    threshold: '> 7.5',
    ...extra,
  });
  if (!raised) throw new Error('not raised');
  return raised.alert;
}

/** Runs the group jobs the fired alerts queued, then every queued delivery (as the workers would). */
async function runQueued(lastTry = false) {
  for (const job of await takeJobs<GroupJobData>(platform.deps.db, GROUP_JOB))
    await notifyGroup(platform.deps, job.data, new Date());
  const results: string[] = [];
  for (const job of await takeJobs<DeliverJobData>(platform.deps.db, DELIVER_JOB))
    results.push(await deliverNotification(platform.deps, job.data.notificationId, lastTry));
  return results;
}

/** A mail's text as a reader sees it (quoted-printable undone). */
function readable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function notificationsOf(alertId: string) {
  return platform.deps.db
    .selectFrom('alert_notifications')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('medium')
    .orderBy('recipient')
    .execute();
}

function eventsOf(alertId: string) {
  return platform.deps.db
    .selectFrom('alert_events')
    .select(['kind', 'text'])
    .where('alert_id', '=', alertId)
    .orderBy('id')
    .execute();
}

describe('a fired alert', () => {
  it('reaches members, group members and addresses by SMS, WhatsApp, e-mail and in-app', async () => {
    const capture = captureEvents(platform);
    const alert = await fire(['sms', 'whatsapp', 'email', 'in_app'], {
      user_ids: [anna],
      group_ids: [crew],
      addresses: ['ops@plant.test', '+4915100000009'],
    });
    provider.messages.length = 0;
    const results = await runQueued();
    capture.stop();
    expect(results.every((result) => result === 'sent')).toBe(true);

    const sms = provider.messages.filter((message) => !message.to.startsWith('whatsapp:'));
    expect(sms.map((message) => message.to).sort()).toEqual([
      '+4915100000001',
      '+4915100000002',
      '+4915100000009',
    ]);
    for (const message of provider.messages) {
      expect(message.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(message.auth).toBe('AC123:token-abc');
      expect(message.body).toContain('[CRITICAL]');
      expect(message.body).toContain('Boiler');
    }
    expect(sms.every((message) => message.from === SMS_FROM)).toBe(true);
    const whatsapp = provider.messages.filter((message) => message.to.startsWith('whatsapp:'));
    expect(whatsapp.map((message) => message.to).sort()).toEqual([
      'whatsapp:+4915100000001',
      'whatsapp:+4915100000002',
      'whatsapp:+4915100000009',
    ]);
    expect(whatsapp.every((message) => message.from === `whatsapp:${WHATSAPP_FROM}`)).toBe(true);

    const mailTo = (address: string) => smtp.mails.find((mail) => mail.to.includes(address));
    for (const address of ['anna@plant.test', 'bob@plant.test', 'ops@plant.test']) {
      const mail = readable(mailTo(address)?.raw ?? '');
      expect(mail).toMatch(/^Subject: \[CRITICAL\] Alerts: Boiler\r?$/m);
      expect(mail).toContain('What: Boiler pressure 9.1 bar > 7.5');
      expect(mail).toContain('Value: pressure = 9.1 (threshold > 7.5)');
      expect(mail).toContain('Where: Plant / Hall A / Boiler');
      expect(mail).toContain('Open the Alerts app');
    }
    const outbox = await platform.deps.db
      .selectFrom('outbox')
      .select(['to_address', 'transport'])
      .where('to_address', '=', 'ops@plant.test')
      .execute();
    expect(outbox).toEqual([{ to_address: 'ops@plant.test', transport: 'smtp' }]);

    const rows = await notificationsOf(alert.id);
    expect(rows).toHaveLength(2 * 4 + 1 + 2);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(rows.filter((row) => row.medium === 'in_app').map((row) => row.recipient)).toEqual([
      'Anna',
      'Bob',
    ]);

    const notified = capture.events.filter(([, event]) => event === ALERT_SOCKET_EVENTS.notified);
    expect(notified).toHaveLength(1);
    const [room, , payload] = notified[0] as [string, string, { alert: { id: string }; user_ids: string[] }];
    expect(room).toBe(orgAlertsRoom(orgId));
    expect(payload.alert.id).toBe(alert.id);
    expect(payload.user_ids.sort()).toEqual([anna, bob].sort());

    const stored = await platform.deps.db
      .selectFrom('alerts')
      .select('told')
      .where('id', '=', alert.id)
      .executeTakeFirstOrThrow();
    expect(stored.told).toEqual(expect.arrayContaining(['Anna', 'ops@plant.test', '+4915100000009']));
    const line = (await eventsOf(alert.id)).find((event) => event.kind === 'notified');
    expect(line?.text).toContain('E-mail to ops@plant.test');
    expect(line?.text).toContain('SMS to +4915100000009');
    expect(line?.text).toContain('WhatsApp to +4915100000001');
    expect(line?.text).toContain('In-app to Anna');
  });

  it('is sent once when its round runs twice', async () => {
    const alert = await fire(['sms'], { addresses: ['+4915100000011'] });
    const [job] = await takeJobs<GroupJobData>(platform.deps.db, GROUP_JOB);
    if (!job) throw new Error('no group job queued');
    expect(job.data).toEqual({ orgId, groupKey: alert.group_key });
    provider.messages.length = 0;
    expect(await notifyGroup(platform.deps, job.data, new Date())).toBe(1);
    expect(await notifyGroup(platform.deps, job.data, new Date())).toBe(0);
    const deliveries = await takeJobs<DeliverJobData>(platform.deps.db, DELIVER_JOB);
    expect(deliveries).toHaveLength(1);
    const id = deliveries[0]?.data.notificationId as string;
    expect(await deliverNotification(platform.deps, id, false)).toBe('sent');
    expect(await deliverNotification(platform.deps, id, false)).toBe('done');
    expect(provider.messages.map((message) => message.to)).toEqual(['+4915100000011']);
    expect((await eventsOf(alert.id)).filter((event) => event.kind === 'notified')).toHaveLength(1);
  });

  it('is retried when the provider fails: 500 then 201 leaves it sent after two attempts', async () => {
    const alert = await fire(['sms'], { addresses: ['+4915100000012'] });
    provider.failNext = 1;
    provider.messages.length = 0;
    await expect(runQueued()).rejects.toThrow(/answered 500/);
    let [row] = await notificationsOf(alert.id);
    expect(row).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_error: 'The messaging provider answered 500',
    });
    expect(await deliverNotification(platform.deps, row?.id as string, false)).toBe('sent');
    [row] = await notificationsOf(alert.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(row?.sent_at).not.toBeNull();
    expect(provider.messages.map((message) => message.to)).toEqual(['+4915100000012']);
  });

  it('is marked failed when the last try fails too', async () => {
    const alert = await fire(['whatsapp'], { addresses: ['+4915100000013'] });
    provider.failNext = 1;
    expect(await runQueued(true)).toEqual(['failed']);
    const [row] = await notificationsOf(alert.id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'The messaging provider answered 500',
    });
  });

  it('goes to the outbox as SMS and WhatsApp when no messaging API is configured', async () => {
    const alert = await fire(['sms', 'whatsapp'], { addresses: ['+4915100000014'] });
    await notifyGroup(platform.deps, { orgId, groupKey: alert.group_key }, new Date());
    const embedded = { ...platform.deps, config: { ...platform.deps.config, messaging: undefined } };
    provider.messages.length = 0;
    for (const job of await takeJobs<DeliverJobData>(platform.deps.db, DELIVER_JOB))
      expect(await deliverNotification(embedded, job.data.notificationId, false)).toBe('sent');
    expect(provider.messages).toEqual([]);
    const kept = await platform.deps.db
      .selectFrom('outbox')
      .select(['transport', 'subject', 'text_body'])
      .where('to_address', '=', '+4915100000014')
      .orderBy('transport')
      .execute();
    expect(kept.map((row) => [row.transport, row.subject])).toEqual([
      ['sms', ''],
      ['whatsapp', ''],
    ]);
    expect(kept[0]?.text_body).toContain('[CRITICAL] Alerts: Boiler pressure 9.1');
  });

  it('is muted by an active silence on its sensor: recorded, nothing sent', async () => {
    const sensorId = randomUUID();
    const now = new Date();
    await platform.deps.db
      .insertInto('alert_silences')
      .values({
        org_id: orgId,
        matcher_kind: 'sensor',
        matcher_id: sensorId,
        starts_at: new Date(now.getTime() - 60_000),
        ends_at: new Date(now.getTime() + 3_600_000),
        comment: 'Boiler maintenance',
      })
      .execute();
    const alert = await fire(
      ['sms', 'in_app'],
      { user_ids: [anna] },
      {
        entity: { kind: 'sensor', id: sensorId, name: 'Boiler', path: 'Plant' },
      },
    );
    provider.messages.length = 0;
    const capture = captureEvents(platform);
    expect(await runQueued()).toEqual([]);
    capture.stop();
    expect(provider.messages).toEqual([]);
    expect(capture.events.filter(([, event]) => event === ALERT_SOCKET_EVENTS.notified)).toEqual([]);
    const rows = await notificationsOf(alert.id);
    expect(rows.map((row) => [row.medium, row.status])).toEqual([
      ['in_app', 'muted'],
      ['sms', 'muted'],
    ]);
    const line = (await eventsOf(alert.id)).find((event) => event.kind === 'notified');
    expect(line?.text).toMatch(/^Muted by a silence/);
  });

  it('without recipients (another app raised it) reaches the organization admins in-app', async () => {
    const admins = await platform.deps.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('users.name')
      .where('memberships.org_id', '=', orgId)
      .where('memberships.role', '=', 'admin')
      .where('memberships.archived_at', 'is', null)
      .execute();
    const alert = await fire(['in_app'], null, { app: 'iotManager', entity: null });
    await runQueued();
    const rows = await notificationsOf(alert.id);
    expect(rows.map((row) => row.recipient).sort()).toEqual(admins.map((admin) => admin.name).sort());
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('two members of the same name', () => {
  it('each get their in-app message, told apart by e-mail', async () => {
    const namesake = await addMember(platform.deps.db, orgId, {
      email: 'anna.k@plant.test',
      password: 'Anna#2026!',
      name: 'Anna',
    });
    const alert = await fire(['in_app'], { user_ids: [anna, namesake] });
    await runQueued();
    const rows = await notificationsOf(alert.id);
    expect(rows.map((row) => [row.recipient, row.user_id])).toEqual([
      ['Anna <anna.k@plant.test>', namesake],
      ['Anna <anna@plant.test>', anna],
    ]);
  });
});

describe('another organization', () => {
  it('is never reached through a rule naming its user or group', async () => {
    const before = provider.messages.length;
    const alert = await fire(['sms', 'email', 'in_app'], {
      user_ids: [foreign.userId, anna],
      group_ids: [foreign.groupId],
    });
    await runQueued();
    const rows = await notificationsOf(alert.id);
    expect(rows.map((row) => row.user_id)).toEqual([anna, anna, anna]);
    expect(provider.messages.slice(before).map((message) => message.to)).toEqual(['+4915100000001']);
    expect(smtp.mails.some((mail) => mail.to.includes('eve@rival.test'))).toBe(false);
    const foreignRows = await platform.deps.db
      .selectFrom('alert_notifications')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', foreign.userId), eb('org_id', '=', foreign.orgId)]))
      .execute();
    expect(foreignRows).toEqual([]);
  });
});

describe('on the job queue', () => {
  it('a fired alert reaches the provider by itself, through the group and delivery jobs', async () => {
    for (const job of notificationJobs(platform.deps)) await platform.deps.jobs.define(job);
    provider.messages.length = 0;
    const alert = await fire(['sms'], { addresses: ['+4915100000042'] });
    const deadline = Date.now() + 20_000;
    let rows = await notificationsOf(alert.id);
    while (Date.now() < deadline && rows[0]?.status !== 'sent') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      rows = await notificationsOf(alert.id);
    }
    expect(rows.map((row) => [row.recipient, row.status, row.attempts])).toEqual([
      ['+4915100000042', 'sent', 1],
    ]);
    expect(provider.messages.map((message) => message.to)).toEqual(['+4915100000042']);
  }, 30_000);
});
