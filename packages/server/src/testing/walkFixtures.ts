/**
 * One of every resource an organization admin can reach, made through the public API, so a walk over
 * the API can put real ids in its paths and reach the checks behind "not found".
 */
import { randomUUID } from 'node:crypto';
import { WIDGET_VARIANTS } from '@ferrite/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { raiseAlert } from '../modules/alerts';
import { addMember } from '../modules/roleManager/testSupport';
import { validChain } from '../modules/streamLogic/testSupport';
import { invitationLinkIn, latestMail } from './people';
import { bearer, signInToOrg } from './session';
import type { TestPlatform } from './testPlatform';

/** Real ids by path parameter, and the bearer tokens the walk sends. */
export interface WalkFixtures {
  orgId: string;
  adminToken: string;
  /** The gateway's device token (ingest routes authenticate the device, not a person). */
  gatewayToken: string;
  /** A share link's bearer token (the shared view authenticates the link holder). */
  shareToken: string;
  /** Ids keyed by path parameter name, used wherever the name alone says what it is. */
  byName: Record<string, string>;
  /** Ids of `{id}` and `{uuid}` keyed by the path segment before them (`gateways/{id}`). */
  byCollection: Record<string, string>;
  /** Ids keyed by body field name, so a generated body points at real resources. */
  byField: Record<string, string>;
}

const SHARE_PASSWORD = 'Share#2026walk';

/** Fails with the answer's body unless it has one of the statuses; answers the parsed body. */
function expectOk(what: string, response: LightMyRequestResponse, statuses = [200, 201]) {
  if (!statuses.includes(response.statusCode)) {
    throw new Error(`walk fixture ${what} answered ${response.statusCode}: ${response.body}`);
  }
  return response.body ? response.json() : {};
}

/** Creates the resources through the API as the demo admin; answers their ids. */
export async function createWalkFixtures(platform: TestPlatform): Promise<WalkFixtures> {
  const session = await signInToOrg(platform.app);
  const orgId = session.org_id;
  const headers = bearer(session.access_token);
  const call = async (what: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    expectOk(what, await platform.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }));
  const role = `/api/role_mgmt/orgs/${orgId}`;
  const em = `/api/entity_mgmt/orgs/${orgId}`;
  const iot = `/api/iot_mgmt/orgs/${orgId}`;
  const dash = `/api/dash_mgmt/orgs/${orgId}`;

  // A member to edit and remove, so the walk never demotes or removes the admin it signs in as.
  const memberEmail = 'walk.member@ferrite.test';
  const memberId = await addMember(platform, orgId, { email: memberEmail });
  const project = await call('project', 'POST', `${role}/projects`, { name: 'Walk plant' });
  const group = await call('group', 'POST', `${role}/user_groups`, { name: 'Walkers' });
  const customRole = await call('role', 'POST', `${role}/roles`, { name: 'Walker' });
  const invitation = await call('invitation', 'POST', `${role}/invitations`, {
    email: 'walk.invitee@ferrite.test',
  });
  const mail = await latestMail(platform.deps.db, 'walk.invitee@ferrite.test');
  const invitationToken = invitationLinkIn(mail.text_body).token;
  // Another organization for the Tenant Manager's routes, and a sign-up request to approve or reject.
  const tenant = await call('tenant', 'POST', '/api/tenant_mgmt/orgs', {
    name: 'Walk tenant',
    slug: 'walk-tenant',
  });
  expectOk(
    'sign-up',
    await platform.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: {
        name: 'Walk Requester',
        email: 'walk.requester@ferrite.test',
        password: 'Walk#2026req',
        organization_name: 'Walk requests',
      },
    }),
    [200, 201, 202],
  );
  const requests = await call('requests', 'GET', '/api/tenant_mgmt/requests?page_size=200');

  const assetType = await call('asset type', 'POST', `${em}/asset_types`, { name: 'Walk line' });
  const sensorType = await call('sensor type', 'POST', `${em}/sensor_types`, {
    name: 'Walk thermal',
    parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }],
  });
  const asset = await call('asset', 'POST', `${em}/projects/${project.id}/assets`, {
    name: 'Walk line 1',
    type_id: assetType.id,
  });
  const sensor = await call('sensor', 'POST', `${em}/projects/${project.id}/sensors`, {
    name: 'Walk boiler',
    type_id: sensorType.id,
    parent_id: asset.id,
  });

  const created = await call('gateway', 'POST', `${iot}/projects/${project.id}/gateways`, {
    name: 'Walk gateway',
    type: 'HTTPS',
    protocol: 'HTTP',
  });
  const gateway = created.gateway;
  const mapping = await call('mapping', 'POST', `${iot}/gateways/${gateway.id}/mappings`, {
    json_path: 'temperature',
    sensor_id: sensor.id,
    param_key: 'temperature',
  });
  const command = await call('command', 'POST', `${iot}/gateways/${gateway.id}/commands`, {
    name: 'set_value',
    value: 1,
  });
  const firmware = expectOk(
    'firmware',
    await platform.app.inject({
      method: 'POST',
      url: `${iot}/firmware`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      query: { name: 'Walk firmware', version: '1.0.0' },
      payload: Buffer.from('walk firmware image'),
    }),
  );
  // A log line, so the log routes page through something.
  expectOk(
    'ingest',
    await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${gateway.uuid}`,
      headers: { ...bearer(created.access_token), 'content-type': 'application/json' },
      payload: JSON.stringify({ temperature: 21 }),
    }),
  );

  const dashboard = await call('dashboard', 'POST', `${dash}/dashboards`, { name: 'Walk overview' });
  const panel = await call('panel', 'POST', `${dash}/dashboards/${dashboard.id}/panels`, { name: 'Main' });
  const subpanel = await call(
    'subpanel',
    'POST',
    `${dash}/dashboards/${dashboard.id}/panels/${panel.id}/subpanels`,
    {
      name: 'Side',
    },
  );
  const widgetId = WIDGET_VARIANTS[0]?.id ?? 'line.basic';
  const widget = await call(
    'widget',
    'POST',
    `${dash}/panels/${panel.id}/widgets/${widgetId}/widget_instances`,
    {
      config: {
        series: [
          { sensor_id: sensor.id, param_key: 'temperature', key: `${sensor.id}:temperature`, name: 'T' },
        ],
      },
    },
  );
  const commandWidget = await call('command widget', 'POST', `${dash}/panels/${panel.id}/command_widgets`, {
    kind: 'button',
    gateway_id: gateway.id,
    command_name: 'set_value',
  });
  const link = await call('share link', 'POST', `${dash}/dashboards/${dashboard.id}/export`, {
    password: SHARE_PASSWORD,
  });
  const shareUuid: string = link.export.uuid;
  const shareToken = await verifyShare(platform, shareUuid);

  const alerts = `/api/alert/orgs/${orgId}`;
  const rule = await call('alert rule', 'POST', `${alerts}/rules`, {
    rule_name: 'Walk too hot',
    severity: 'major',
    data: {
      scope: { kind: 'sensor', sensor_id: sensor.id },
      condition: { op: 'gt', param: 'temperature', value: 80 },
    },
  });
  const silence = await call('silence', 'POST', `${alerts}/silences`, {
    matcher: { kind: 'rule', rule_id: rule.id },
    starts_at: new Date().toISOString(),
    ends_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  // Alerts are raised by apps, not created through the API: raised as the IoT Manager raises one.
  const raised = await raiseAlert(platform.deps, {
    orgId,
    app: 'alerts',
    dedupeKey: `walk:${randomUUID()}`,
    ruleId: rule.id,
    severity: 'major',
    description: 'Walk boiler too hot',
    entity: { kind: 'sensor', id: sensor.id, name: 'Walk boiler', path: 'Walk plant' },
  });

  // A running chain at revision 2 (a version to read and roll back to), with its activity.
  const stream = `/api/stream_process/${project.id}`;
  const chain = await call(
    'chain',
    'POST',
    `${stream}/pipelines`,
    validChain(sensor.id, { name: 'Walk chain', enabled: true }),
  );
  expectOk(
    'chain deploy',
    await platform.app.inject({
      method: 'PATCH',
      url: `${stream}/pipelines/${chain.id}`,
      headers,
      payload: { revision: 1, name: 'Walk chain v2' },
    }),
  );

  const byCollection: Record<string, string> = {
    rules: rule.id,
    silences: silence.id,
    alert: raised?.alert.id ?? randomUUID(),
    user_groups: group.id,
    roles: customRole.id,
    projects: project.id,
    orgs: tenant.id,
    requests: requests.requests?.[0]?.id ?? randomUUID(),
    users: memberId,
    invitations: invitation.id,
    asset_types: assetType.id,
    sensor_types: sensorType.id,
    assets: asset.id,
    sensors: sensor.id,
    gateways: gateway.id,
    dashboards: dashboard.id,
    panels: panel.id,
    subpanels: subpanel.id,
    widget_instances: widget.id,
    command_widgets: commandWidget.id,
    widgets: widgetId,
    export: shareUuid,
  };
  const byName: Record<string, string> = {
    orgId,
    projectId: project.id,
    sensorId: sensor.id,
    paramKey: 'temperature',
    dashboardId: dashboard.id,
    panelId: panel.id,
    widgetId,
    mappingId: mapping.id,
    firmwareId: firmware.id,
    commandId: command.id,
    gatewayUuid: gateway.uuid,
    token: invitationToken,
    userEmail: memberEmail,
    uuid: shareUuid,
    pipelineId: chain.id,
    revision: '1',
  };
  const byField: Record<string, string> = {
    type_id: sensorType.id,
    parent_type_id: sensorType.id,
    parent_id: asset.id,
    sensor_id: sensor.id,
    gateway_id: gateway.id,
    panel_id: panel.id,
    target_panel_id: panel.id,
    subpanel_id: subpanel.id,
    target_dashboard_id: dashboard.id,
    manager_id: session.user_id,
    custom_role_id: customRole.id,
    user_id: session.user_id,
    widget_id: widgetId,
    pipeline_id: chain.id,
  };
  return {
    orgId,
    adminToken: session.access_token,
    gatewayToken: created.access_token,
    shareToken,
    byName,
    byCollection,
    byField,
  };
}

/** The link holder's bearer token: POST verify with the password in the body, or the older GET form. */
async function verifyShare(platform: TestPlatform, uuid: string): Promise<string> {
  const url = `/api/dash_mgmt/dashboards/${uuid}/verify`;
  const posted = await platform.app.inject({ method: 'POST', url, payload: { password: SHARE_PASSWORD } });
  const response =
    posted.statusCode === 404
      ? await platform.app.inject({ method: 'GET', url, query: { password: SHARE_PASSWORD } })
      : posted;
  return expectOk('share verify', response).token;
}
