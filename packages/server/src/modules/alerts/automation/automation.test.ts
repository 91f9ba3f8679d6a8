/**
 * Automation as its targets see it: a webhook receives the alert signed with the organization's key and
 * is called again after a failure; a gateway command shows in the gateway's commands, sent once; a
 * virtual sensor's value is stored as a reading. A rule of another organization naming this one's
 * gateway or sensor reaches neither.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type RuleAction, rulePolicySchema } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin, addProject } from '../../entityManager/testSupport';
import {
  alertAutomationJobs,
  runAutomationCommand,
  runAutomationReading,
} from '../../iotManager/commands/automationJobs';
import {
  createGateway,
  demoAdmin,
  gatewayBody,
  type IotClient,
  projectWithSensors,
} from '../../iotManager/testSupport';
import { clearAlert, raiseAlert } from '../lifecycle/raise';
import { createQueues, takeJobs } from '../notifications/fakeProviders';
import { GROUP_JOB } from '../notifications/policy';
import { automationJobs } from './index';
import {
  AUTOMATION_COMMAND_JOB,
  AUTOMATION_OUTCOME_JOB,
  AUTOMATION_READING_JOB,
  type AutomationCommandJob,
  type AutomationOutcome,
  type AutomationReadingJob,
} from './jobNames';
import { recordOutcome } from './outcome';
import { callWebhook, WEBHOOK_JOB, type WebhookJobData } from './webhook';

const SECRET = 'automation-test-secret-0123456789abcdef';
let platform: TestPlatform;
let orgId: string;
let iot: IotClient;
let gatewayId: string;
let sensorId: string;
let hook: { server: Server; calls: { headers: IncomingHttpHeaders; body: string }[]; failNext: number };

beforeAll(async () => {
  hook = { server: createServer(), calls: [], failNext: 0 };
  hook.server.on('request', (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      hook.calls.push({ headers: request.headers, body });
      if (hook.failNext > 0) {
        hook.failNext--;
        response.writeHead(503).end('try later');
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(19313, '127.0.0.1', resolve));
  // The receivers run on this machine, which WEBHOOK_NETWORKS=public would refuse.
  platform = await createTestPlatform({ SECRET, WEBHOOK_NETWORKS: 'any' });
  await createQueues(platform.deps.db, {
    [GROUP_JOB]: 'short',
    [WEBHOOK_JOB]: 'standard',
    [AUTOMATION_COMMAND_JOB]: 'standard',
    [AUTOMATION_READING_JOB]: 'standard',
    [AUTOMATION_OUTCOME_JOB]: 'standard',
  });
  const admin = await demoAdmin(platform);
  ({ orgId, iot } = admin);
  const projectId = await addProject(platform, orgId, 'Automated plant');
  gatewayId = (
    await createGateway(iot, projectId, gatewayBody('Valve box', { type: 'HTTPS', protocol: 'HTTP' }))
  ).gateway.id;
  sensorId = (await projectWithSensors(platform, orgId, admin.token)).boiler;
});
afterAll(async () => {
  await platform.close();
  await new Promise<void>((resolve) => hook.server.close(() => resolve()));
});

async function ruleWith(org: string, actions: RuleAction[]): Promise<string> {
  const row = await platform.deps.db
    .insertInto('alert_rules')
    .values({
      org_id: org,
      rule_name: 'Valve guard',
      severity: 'critical',
      message: 'Pressure too high',
      scope_kind: 'sensor',
      scope_id: sensorId,
      data: JSON.stringify({
        scope: { kind: 'sensor', sensor_id: sensorId },
        condition: { op: 'gt', param: 'pressure', value: 7.5 },
        for_s: 0,
        clear: { kind: 'inverse' },
        schedule: null,
      }),
      policy: JSON.stringify(rulePolicySchema.parse({})),
      grouping: 'sensor',
      recipients: JSON.stringify({ user_ids: [], group_ids: [], addresses: [] }),
      actions: JSON.stringify(actions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function fire(org: string, ruleId: string) {
  const dedupeKey = `auto:${randomUUID()}`;
  const raised = await raiseAlert(platform.deps, {
    orgId: org,
    app: 'alerts',
    dedupeKey,
    ruleId,
    severity: 'critical',
    description: 'Pressure 9.1 bar > 7.5',
    media: ['in_app'],
  });
  if (!raised) throw new Error('not raised');
  return { alert: raised.alert, dedupeKey };
}

async function automationLines(alertId: string) {
  const rows = await platform.deps.db
    .selectFrom('alert_events')
    .select('text')
    .where('alert_id', '=', alertId)
    .where('kind', '=', 'automation')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.text);
}

/** Records the outcomes the IoT Manager sent back (as the outcome job's worker would). */
async function recordOutcomes() {
  for (const job of await takeJobs<AutomationOutcome>(platform.deps.db, AUTOMATION_OUTCOME_JOB))
    await recordOutcome(platform.deps, job.data);
}

async function commandsOf(id: string) {
  const response = await iot.get(`/gateways/${id}/commands`);
  expect(response.statusCode).toBe(200);
  return response.json().commands as { name: string; value: unknown; created_by: unknown }[];
}

describe('a webhook', () => {
  it('receives the alert signed with the organization key, and is called again after a failure', async () => {
    const ruleId = await ruleWith(orgId, [
      { kind: 'webhook', on: 'fire', url: 'http://127.0.0.1:19313/hook?token=abc' },
      { kind: 'webhook', on: 'clear', url: 'http://127.0.0.1:19313/cleared' },
    ]);
    const { alert, dedupeKey } = await fire(orgId, ruleId);
    const jobs = await takeJobs<WebhookJobData>(platform.deps.db, WEBHOOK_JOB);
    expect(jobs.map((job) => job.data.event)).toEqual(['alert.fired']);
    const data = jobs[0]?.data as WebhookJobData;
    hook.calls.length = 0;
    hook.failNext = 1;
    await expect(callWebhook(platform.deps, data, false)).rejects.toThrow(/answered 503/);
    await callWebhook(platform.deps, data, false);
    expect(hook.calls).toHaveLength(2);
    const call = hook.calls[1] as { headers: IncomingHttpHeaders; body: string };
    expect(call.headers['x-ferrite-event']).toBe('alert.fired');
    expect(call.headers['content-type']).toBe('application/json');
    // The receiver's check: HMAC-SHA256 of the raw body under HMAC(secret, "webhook:" + org).
    const key = createHmac('sha256', SECRET).update(`webhook:${orgId}`).digest('hex');
    const expected = `sha256=${createHmac('sha256', key).update(call.body).digest('hex')}`;
    expect(call.headers['x-ferrite-signature']).toBe(expected);
    expect(hook.calls[0]?.headers['x-ferrite-signature']).toBe(expected);
    const payload = JSON.parse(call.body);
    expect(payload).toMatchObject({
      event: 'alert.fired',
      alert: { id: alert.id, severity: 'critical', alert_rule: { id: ruleId, rule_name: 'Valve guard' } },
    });
    expect(await automationLines(alert.id)).toEqual(['Webhook http://127.0.0.1:19313/hook answered 204']);

    await clearAlert(platform.deps, { orgId, dedupeKey, reason: 'back to 6.2' });
    const cleared = await takeJobs<WebhookJobData>(platform.deps.db, WEBHOOK_JOB);
    expect(cleared.map((job) => [job.data.event, job.data.url])).toEqual([
      ['alert.cleared', 'http://127.0.0.1:19313/cleared'],
    ]);
    hook.failNext = 1;
    await callWebhook(platform.deps, cleared[0]?.data as WebhookJobData, true);
    expect((await automationLines(alert.id)).at(-1)).toBe(
      'Webhook http://127.0.0.1:19313/cleared failed after 6 tries: answered 503',
    );
  });
});

describe('a gateway command and a virtual sensor value', () => {
  it('reach the gateway commands once and the sensor readings', async () => {
    const ruleId = await ruleWith(orgId, [
      { kind: 'command', on: 'fire', gateway_id: gatewayId, name: 'close_valve', value: { position: 0 } },
      { kind: 'virtual_sensor', on: 'clear', sensor_id: sensorId, param_key: 'valve_state', value: 42.5 },
    ]);
    const { alert, dedupeKey } = await fire(orgId, ruleId);
    const [command] = await takeJobs<AutomationCommandJob>(platform.deps.db, AUTOMATION_COMMAND_JOB);
    if (!command) throw new Error('no command job queued');
    expect(await runAutomationCommand(platform.deps, command.data, command.id)).toBe('sent');
    // A retried job (same id) sends no second command.
    expect(await runAutomationCommand(platform.deps, command.data, command.id)).toBe('skipped');
    const commands = (await commandsOf(gatewayId)).filter((row) => row.name === 'close_valve');
    expect(commands).toEqual([
      expect.objectContaining({ name: 'close_valve', value: { position: 0 }, created_by: null }),
    ]);
    await recordOutcomes();
    expect(await automationLines(alert.id)).toEqual([
      'Command "close_valve" queued until it is fetched by gateway "Valve box"',
    ]);

    await clearAlert(platform.deps, { orgId, dedupeKey });
    const [reading] = await takeJobs<AutomationReadingJob>(platform.deps.db, AUTOMATION_READING_JOB);
    if (!reading) throw new Error('no reading job queued');
    expect(await runAutomationReading(platform.deps, reading.data)).toBe('stored');
    const stored = await platform.deps.db
      .selectFrom('telemetry')
      .select(['value', 'ts'])
      .where('sensor_id', '=', sensorId)
      .where('param_key', '=', 'valve_state')
      .execute();
    expect(stored.map((row) => row.value)).toEqual([42.5]);
    expect(new Date(stored[0]?.ts as Date).getTime()).toBe(reading.data.ts);
    // A retried reading job stores nothing twice and answers once.
    expect(await runAutomationReading(platform.deps, reading.data)).toBe('stored');
    const again = await platform.deps.db
      .selectFrom('telemetry')
      .select('value')
      .where('sensor_id', '=', sensorId)
      .where('param_key', '=', 'valve_state')
      .execute();
    expect(again).toHaveLength(1);
    await recordOutcomes();
    expect((await automationLines(alert.id)).slice(1)).toEqual([
      'Value 42.5 written to valve_state of "Boiler"',
    ]);
  });
});

describe('another organization', () => {
  it("cannot send commands to this organization's gateway nor write to its sensor", async () => {
    const rival = await addOrgWithAdmin(platform, `rival-${randomUUID().slice(0, 6)}`, ['alerts']);
    const ruleId = await ruleWith(rival.orgId, [
      { kind: 'command', on: 'fire', gateway_id: gatewayId, name: 'open_all', value: 1 },
      { kind: 'virtual_sensor', on: 'fire', sensor_id: sensorId, param_key: 'hijack', value: 1 },
    ]);
    const { alert } = await fire(rival.orgId, ruleId);
    const commandJobs = await takeJobs<AutomationCommandJob>(platform.deps.db, AUTOMATION_COMMAND_JOB);
    const readingJobs = await takeJobs<AutomationReadingJob>(platform.deps.db, AUTOMATION_READING_JOB);
    expect([commandJobs.length, readingJobs.length]).toEqual([1, 1]);
    for (const job of commandJobs)
      expect(await runAutomationCommand(platform.deps, job.data, job.id)).toBe('skipped');
    for (const job of readingJobs)
      expect(await runAutomationReading(platform.deps, job.data)).toBe('skipped');
    expect((await commandsOf(gatewayId)).map((row) => row.name)).not.toContain('open_all');
    const written = await platform.deps.db
      .selectFrom('telemetry')
      .select('value')
      .where('param_key', '=', 'hijack')
      .execute();
    expect(written).toEqual([]);
    await recordOutcomes();
    expect(await automationLines(alert.id)).toEqual([
      'Command "open_all" not sent: no such gateway in this organization',
      'Value 1 for hijack not written: no such sensor in this organization',
    ]);
  });
});

describe('on the job queue', () => {
  it('a fired rule calls its webhook and commands its gateway by itself', async () => {
    for (const job of [...automationJobs(platform.deps), ...alertAutomationJobs(platform.deps)])
      await platform.deps.jobs.define(job);
    hook.calls.length = 0;
    const ruleId = await ruleWith(orgId, [
      { kind: 'webhook', on: 'fire', url: 'http://127.0.0.1:19313/queued' },
      { kind: 'command', on: 'fire', gateway_id: gatewayId, name: 'queued_stop', value: true },
    ]);
    await fire(orgId, ruleId);
    const deadline = Date.now() + 20_000;
    let names: string[] = [];
    while (Date.now() < deadline && (hook.calls.length === 0 || !names.includes('queued_stop'))) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      names = (await commandsOf(gatewayId)).map((row) => row.name);
    }
    expect(names.filter((name) => name === 'queued_stop')).toHaveLength(1);
    expect(hook.calls.map((call) => call.headers['x-ferrite-event'])).toEqual(['alert.fired']);
  }, 30_000);
});
