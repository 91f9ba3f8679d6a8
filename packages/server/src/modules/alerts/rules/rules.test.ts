/**
 * Alert rules as a rule manager uses them: create with scopes in words and coverage, replace, archive,
 * delete, references refused naming the field, export and import round trip (all or nothing), and the
 * evaluator's reads (enabled rules, rules covering a sensor); every write tells the nodes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityOf } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { createEntity, entityManagerClient, errorPaths } from '../../entityManager/testSupport';
import { demoAdmin, projectWithSensors } from '../../iotManager/testSupport';
import { RULES_CHANGED_CHANNEL } from '../shared';
import { type AlertClient, alertClient, createRule, raiseTestAlert, ruleBody } from '../testSupport';
import { RuleRepository } from './repository';

let platform: TestPlatform;
let orgId: string;
let api: AlertClient;
let plant: Awaited<ReturnType<typeof projectWithSensors>>;
let thermalType: string;
let adminToken: string;
const told: unknown[] = [];

beforeAll(async () => {
  platform = await createTestPlatform();
  const admin = await demoAdmin(platform);
  orgId = admin.orgId;
  adminToken = admin.token;
  api = alertClient(platform, orgId, admin.token);
  plant = await projectWithSensors(platform, orgId, admin.token, 'Rules plant');
  thermalType = (
    await platform.deps.db
      .selectFrom('entity_types')
      .select('id')
      .where('org_id', '=', orgId)
      .where('name', '=', 'Rules plant thermal')
      .executeTakeFirstOrThrow()
  ).id;
  platform.deps.bus.subscribe(RULES_CHANGED_CHANNEL, { message: ({ payload }) => told.push(payload) });
});
afterAll(() => platform.close());

describe('alert rules', () => {
  it('creates rules on a sensor, a type and an asset, in words, with the sensors each covers', async () => {
    told.length = 0;
    const onSensor = await createRule(api, ruleBody({ kind: 'sensor', sensor_id: plant.boiler }));
    const onType = await createRule(api, ruleBody({ kind: 'sensor_type', type_id: thermalType }));
    const onAsset = await createRule(
      api,
      ruleBody({ kind: 'asset', asset_id: plant.line }, { param: 'flow' }),
    );
    expect(onSensor).toMatchObject({ scope_label: 'Sensor Boiler', covered_sensors: 1, open_alerts: 0 });
    // The boiler's type is a sub-type of "thermal": a rule on the type covers it.
    expect(onType).toMatchObject({
      scope_label: 'Every sensor of type Rules plant thermal',
      covered_sensors: 1,
    });
    expect(onAsset).toMatchObject({ scope_label: 'Everything under Line 1', covered_sensors: 2 });
    expect(onSensor).toMatchObject({ enabled: true, media: ['in_app'], grouping: 'sensor', archived: false });
    expect(told).toEqual([{ orgId }, { orgId }, { orgId }]);
    const activity = await activityOf(platform.deps.db, orgId);
    expect(activity.at(-1)).toMatchObject({ app: 'alerts', action: 'created', entity_id: onAsset.id });
  });

  it('covers a sensor created later under the type or the asset', async () => {
    const onType = await createRule(api, ruleBody({ kind: 'sensor_type', type_id: thermalType }));
    const onAsset = await createRule(api, ruleBody({ kind: 'asset', asset_id: plant.line }));
    const boilerType = (
      await platform.deps.db
        .selectFrom('entities')
        .select('type_id')
        .where('id', '=', plant.boiler)
        .executeTakeFirstOrThrow()
    ).type_id;
    await createEntity(entityManagerClient(platform, orgId, adminToken), plant.projectId, 'sensor', {
      name: 'Boiler 2',
      type_id: boilerType,
      parent_id: plant.line,
    });
    expect((await api.get(`/rules/${onType.id}`)).json().covered_sensors).toBe(2);
    expect((await api.get(`/rules/${onAsset.id}`)).json().covered_sensors).toBe(3);
    for (const rule of [onType, onAsset]) await api.delete(`/rules/${rule.id}`);
  });

  it('counts the open alerts of a rule (active or acknowledged)', async () => {
    const rule = await createRule(api, ruleBody({ kind: 'sensor', sensor_id: plant.boiler }));
    const alert = await raiseTestAlert(platform, orgId, { ruleId: rule.id });
    await raiseTestAlert(platform, orgId, { ruleId: rule.id });
    const shown = (await api.get(`/rules/${rule.id}`)).json();
    expect(shown.open_alerts).toBe(2);
    await api.post(`/alert/${alert.id}/acknowledge`);
    expect((await api.get(`/rules/${rule.id}`)).json().open_alerts).toBe(2);
    await api.post(`/alert/${alert.id}/clear`);
    expect((await api.get(`/rules/${rule.id}`)).json().open_alerts).toBe(1);
    expect((await api.get(`/alert/${alert.id}`)).json().alert_rule).toEqual({
      id: rule.id,
      rule_name: rule.rule_name,
    });
  });

  it('replaces, archives, unarchives and deletes a rule', async () => {
    const rule = await createRule(
      api,
      ruleBody({ kind: 'sensor', sensor_id: plant.pump }, { param: 'flow' }),
    );
    told.length = 0;
    const replaced = await api.put(
      `/rules/${rule.id}`,
      ruleBody(
        { kind: 'sensor', sensor_id: plant.pump },
        { param: 'flow', rule_name: 'Pump dry', severity: 'critical' },
      ),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      rule_name: 'Pump dry',
      severity: 'critical',
      scope_label: 'Sensor Pump',
    });
    expect((await api.post(`/rules/${rule.id}/archive`)).json().archived).toBe(true);
    expect((await api.post(`/rules/${rule.id}/archive`)).statusCode).toBe(409);
    const archivedTab = (await api.get('/rules', { is_archived: true })).json();
    expect(archivedTab.rules.map((r: { id: string }) => r.id)).toContain(rule.id);
    expect(archivedTab.counts.archived).toBeGreaterThanOrEqual(1);
    const activeTab = (await api.get('/rules', { search: 'pump dry' })).json();
    expect(activeTab.rules).toEqual([]);
    expect((await api.post(`/rules/${rule.id}/unarchive`)).json().archived).toBe(false);
    expect((await api.get('/rules', { search: 'pump dry', severity: 'critical' })).json().total_entries).toBe(
      1,
    );
    expect((await api.delete(`/rules/${rule.id}`)).statusCode).toBe(204);
    expect((await api.get(`/rules/${rule.id}`)).statusCode).toBe(404);
    expect(
      (await api.put(`/rules/${rule.id}`, ruleBody({ kind: 'sensor', sensor_id: plant.pump }))).statusCode,
    ).toBe(404);
    expect(told).toHaveLength(4);
  });

  it("refuses what is not the organization's, naming the field, and creates nothing", async () => {
    const before = (await api.get('/rules')).json().counts;
    const stranger = randomUUID();
    const response = await api.post(
      '/rules',
      ruleBody(
        { kind: 'sensor', sensor_id: plant.line },
        {
          recipients: { user_ids: [stranger], group_ids: [randomUUID()], addresses: ['ops@plant.io'] },
          actions: [{ kind: 'command', on: 'fire', gateway_id: randomUUID(), name: 'stop', value: true }],
        },
      ),
    );
    expect(response.statusCode).toBe(422);
    expect(errorPaths(response)).toEqual([
      'body.data.scope.sensor_id',
      'body.actions.0.gateway_id',
      'body.recipients.user_ids.0',
      'body.recipients.group_ids.0',
    ]);
    const shape = await api.post('/rules', {
      ...ruleBody({ kind: 'sensor', sensor_id: plant.pump }),
      severity: 'loud',
    });
    expect(shape.statusCode).toBe(400);
    expect(errorPaths(shape)).toEqual(['body.severity']);
    const unparsable = await api.post('/rules', {
      ...ruleBody({ kind: 'sensor', sensor_id: plant.pump }),
      data: {
        scope: { kind: 'sensor', sensor_id: plant.pump },
        condition: { op: 'expression', expression: 'flow >> 3 &&' },
      },
    });
    expect(unparsable.statusCode).toBe(422);
    expect(errorPaths(unparsable)).toEqual(['body.data.condition']);
    expect((await api.get('/rules')).json().counts).toEqual(before);
  });

  it('exports the rules and imports them back; an import naming one unknown asset imports nothing', async () => {
    const exported = await api.get('/rules/export');
    expect(exported.statusCode).toBe(200);
    const file = exported.json();
    expect(file.format).toBe('ferrite.alert-rules/1');
    expect(file.rules.length).toBeGreaterThanOrEqual(3);
    const before = (await api.get('/rules')).json().counts.active;

    const imported = await api.post('/rules/import', file);
    expect(imported.statusCode).toBe(201);
    expect(imported.json().imported).toBe(file.rules.length);
    expect(imported.json().rules.map((r: { rule_name: string }) => r.rule_name)).toEqual(
      file.rules.map((r: { rule_name: string }) => r.rule_name),
    );
    expect(imported.json().rules[0].data).toEqual(file.rules[0].data);
    expect((await api.get('/rules')).json().counts.active).toBe(before + file.rules.length);

    const broken = { ...file, rules: [file.rules[0], ruleBody({ kind: 'asset', asset_id: randomUUID() })] };
    const refused = await api.post('/rules/import', broken);
    expect(refused.statusCode).toBe(422);
    expect(errorPaths(refused)).toEqual(['body.rules.1.data.scope.asset_id']);
    expect((await api.get('/rules')).json().counts.active).toBe(before + file.rules.length);
    const wrongFormat = await api.post('/rules/import', { ...file, format: 'csv' });
    expect(wrongFormat.statusCode).toBe(400);
  });

  it('answers the evaluator the enabled rules and those covering a sensor', async () => {
    const repo = new RuleRepository(platform.deps.db);
    const boiler = await platform.deps.db
      .selectFrom('entities')
      .select(['id', 'type_id', 'path'])
      .where('id', '=', plant.boiler)
      .executeTakeFirstOrThrow();
    const disabled = await createRule(
      api,
      ruleBody({ kind: 'sensor', sensor_id: plant.boiler }, { enabled: false }),
    );
    const covering = await repo.rulesCoveringSensor(orgId, boiler);
    const kinds = new Set(covering.map((rule) => rule.scope_kind));
    expect(kinds).toEqual(new Set(['sensor', 'sensor_type', 'asset']));
    expect(covering.map((rule) => rule.id)).not.toContain(disabled.id);
    const enabled = await repo.enabledRules(orgId);
    expect(enabled.map((rule) => rule.id)).toEqual(expect.arrayContaining(covering.map((rule) => rule.id)));
    expect(enabled.every((rule) => rule.enabled && rule.archived_at === null)).toBe(true);
  });
});
