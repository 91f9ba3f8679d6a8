/**
 * Text stored before the typed-text rules (a line break in a name, a control character an old client
 * or the entity import wrote, a name longer than today's limit) reads back as it was stored: every
 * list and detail of the resource answers 200 with that text, never a 500 and never the defaults,
 * while a write of the same text is still refused with a 400 naming the field.
 */
import { WIDGET_VARIANTS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

/**
 * Text no request may carry today: C0, C1 and DEL controls, a line break, white space around it and
 * more characters than any name allows. PostgreSQL cannot store NUL or a lone surrogate, so none here.
 */
const stored = (what: string) => ` ${what}\u0001 line\nbreak \u001b[31m\u007f\u0085 ${'x'.repeat(300)} `;
/** Short text with control characters, for fields whose rows hold several of them. */
const short = (what: string) => `${what}\u0002\t\u0007`;

let platform: TestPlatform;
let headers: Record<string, string>;
let orgId: string;
type Resource =
  | 'project'
  | 'group'
  | 'role'
  | 'sensorType'
  | 'sensor'
  | 'gateway'
  | 'dashboard'
  | 'panel'
  | 'variant'
  | 'widget'
  | 'commandWidget'
  | 'user';
/** The ids of the resources holding old text, filled in before the tests. */
const ids = {} as Record<Resource, string>;

/** The answer of a GET as the organization admin; fails with the body unless it is a 200. */
async function read(url: string): Promise<unknown> {
  const response = await platform.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `GET ${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json();
}

/** The object with this id anywhere in an answer (lists nest their items under different keys). */
function withId(answer: unknown, id: string): Record<string, unknown> | undefined {
  if (Array.isArray(answer)) {
    for (const item of answer) {
      const found = withId(item, id);
      if (found) return found;
    }
  } else if (typeof answer === 'object' && answer !== null) {
    const record = answer as Record<string, unknown>;
    if (record.id === id) return record;
    for (const value of Object.values(record)) {
      const found = withId(value, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Creates one of each resource through the API, then writes old text straight into its rows. */
async function storeOldText() {
  const call = async (method: 'POST', url: string, payload: object) => {
    const response = await platform.app.inject({ method, url, headers, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
    return response.json();
  };
  const role = `/api/role_mgmt/orgs/${orgId}`;
  const em = `/api/entity_mgmt/orgs/${orgId}`;
  const dash = `/api/dash_mgmt/orgs/${orgId}`;
  ids.project = (await call('POST', `${role}/projects`, { name: 'Old text plant' })).id;
  ids.group = (await call('POST', `${role}/user_groups`, { name: 'Old text group' })).id;
  ids.role = (await call('POST', `${role}/roles`, { name: 'Old text role' })).id;
  ids.sensorType = (
    await call('POST', `${em}/sensor_types`, {
      name: 'Old text thermal',
      parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }],
    })
  ).id;
  ids.sensor = (
    await call('POST', `${em}/projects/${ids.project}/sensors`, {
      name: 'Old text boiler',
      type_id: ids.sensorType,
    })
  ).id;
  const created = await call('POST', `/api/iot_mgmt/orgs/${orgId}/projects/${ids.project}/gateways`, {
    name: 'Old text gateway',
    type: 'HTTPS',
    protocol: 'HTTP',
  });
  ids.gateway = created.gateway.id;
  ids.dashboard = (await call('POST', `${dash}/dashboards`, { name: 'Old text overview' })).id;
  ids.panel = (await call('POST', `${dash}/dashboards/${ids.dashboard}/panels`, { name: 'Main' })).id;
  ids.variant = WIDGET_VARIANTS.find((variant) => variant.kind === 'line')?.id ?? 'line.basic';
  ids.widget = (
    await call('POST', `${dash}/panels/${ids.panel}/widgets/${ids.variant}/widget_instances`, {
      config: { series: [{ sensor_id: ids.sensor, param_key: 'temperature', name: 'T' }] },
    })
  ).id;
  ids.commandWidget = (
    await call('POST', `${dash}/panels/${ids.panel}/command_widgets`, {
      kind: 'switch',
      gateway_id: ids.gateway,
      command_name: 'set_value',
    })
  ).id;

  const db = platform.deps.db;
  const json = (value: unknown) => JSON.stringify(value);
  await db
    .updateTable('projects')
    .set({
      name: stored('Plant'),
      description: stored('Plant notes'),
      metadata: json([{ key: short('site'), value: short('north') }]),
      location: json({ address: stored('Quay'), latitude: null, longitude: null }),
    })
    .where('id', '=', ids.project)
    .execute();
  await db
    .updateTable('user_groups')
    .set({ name: stored('Operators'), description: stored('Shift') })
    .where('id', '=', ids.group)
    .execute();
  await db
    .updateTable('roles')
    .set({ name: stored('Viewer'), description: stored('Reads') })
    .where('id', '=', ids.role)
    .execute();
  await db
    .updateTable('entity_types')
    .set({
      name: stored('Thermal'),
      description: stored('Thermal notes'),
      parameters: json([{ key: 'temperature', data_type: 'number', unit: stored('°C') }]),
      metadata_fields: json([
        { key: 'serial', data_type: 'string', unit: short('u'), default_value: short('d') },
      ]),
      properties: json([{ key: 'vendor', value: stored('Acme') }]),
    })
    .where('id', '=', ids.sensorType)
    .execute();
  await db
    .updateTable('entities')
    .set({
      name: stored('Boiler'),
      description: stored('Boiler notes'),
      metadata: json([{ key: 'serial', data_type: 'string', unit: short('u'), value: stored('SN') }]),
    })
    .where('id', '=', ids.sensor)
    .execute();
  await db
    .updateTable('gateways')
    .set({
      name: stored('Gateway'),
      description: stored('Gateway notes'),
      channel: stored('Channel'),
      static_params: json([
        { key: short('site'), value: stored('north'), data_type: 'string', unit: short('u') },
      ]),
      timestamp_mapping: json({ field: short('ts'), format: 'iso8601' }),
    })
    .where('id', '=', ids.gateway)
    .execute();
  await db
    .updateTable('dashboards')
    .set({ name: stored('Overview'), description: stored('Overview notes') })
    .where('id', '=', ids.dashboard)
    .execute();
  await db
    .updateTable('dashboard_panels')
    .set({ name: stored('Main') })
    .where('id', '=', ids.panel)
    .execute();
  await db
    .updateTable('dashboard_widgets')
    .set({
      config: json({
        title: stored('Flow'),
        unit: short('m3'),
        series: [
          {
            sensor_id: ids.sensor,
            param_key: 'temperature',
            key: `${ids.sensor}:temperature`,
            name: stored('T'),
          },
        ],
      }),
    })
    .where('id', '=', ids.widget)
    .execute();
  await db
    .updateTable('dashboard_command_widgets')
    .set({
      title: stored('Pump'),
      confirmation_text: stored('Sure?'),
      settings: json({ on_label: short('On'), off_label: stored('Off') }),
    })
    .where('id', '=', ids.commandWidget)
    .execute();
}

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  ids.user = session.user_id;
  headers = bearer(session.access_token);
  await storeOldText();
  await platform.deps.db
    .updateTable('users')
    .set({
      name: stored('Ada'),
      settings: JSON.stringify({
        data_settings: { timezone: short('Europe/Berlin'), date_format: short('DD') },
      }),
    })
    .where('id', '=', ids.user)
    .execute();
});
afterAll(() => platform.close());

describe('text stored before the text rules', () => {
  it('reads back in projects, groups and roles, lists and details', async () => {
    const role = `/api/role_mgmt/orgs/${orgId}`;
    for (const answer of [await read(`${role}/projects`), await read(`${role}/projects/${ids.project}`)]) {
      expect(withId(answer, ids.project)).toMatchObject({
        name: stored('Plant'),
        description: stored('Plant notes'),
        metadata: [{ key: short('site'), value: short('north') }],
        location: { address: stored('Quay') },
      });
    }
    for (const url of [`/api/entity_mgmt/orgs/${orgId}/projects`, `/api/iot_mgmt/orgs/${orgId}/projects`]) {
      expect(withId(await read(url), ids.project)).toMatchObject({ name: stored('Plant') });
    }
    for (const [collection, id, name, description] of [
      ['user_groups', ids.group, 'Operators', 'Shift'],
      ['roles', ids.role, 'Viewer', 'Reads'],
    ] as const) {
      for (const url of [`${role}/${collection}`, `${role}/${collection}/${id}`]) {
        expect(withId(await read(url), id)).toMatchObject({
          name: stored(name),
          description: stored(description),
        });
      }
    }
  });

  it('reads back in a sensor type with a parameter, and in a sensor, lists, details and the hierarchy', async () => {
    const em = `/api/entity_mgmt/orgs/${orgId}`;
    for (const url of [`${em}/sensor_types`, `${em}/sensor_types/${ids.sensorType}`]) {
      expect(withId(await read(url), ids.sensorType)).toMatchObject({
        name: stored('Thermal'),
        description: stored('Thermal notes'),
        parameters: [{ key: 'temperature', unit: stored('°C') }],
        effective: { parameters: [{ key: 'temperature', unit: stored('°C') }] },
        metadata_fields: [{ key: 'serial', unit: short('u'), default_value: short('d') }],
        properties: [{ key: 'vendor', value: stored('Acme') }],
      });
    }
    const sensors = `${em}/projects/${ids.project}/sensors`;
    for (const url of [sensors, `${sensors}/${ids.sensor}`]) {
      expect(withId(await read(url), ids.sensor)).toMatchObject({
        name: stored('Boiler'),
        description: stored('Boiler notes'),
      });
    }
    expect(withId(await read(`${sensors}/${ids.sensor}`), ids.sensor)).toMatchObject({
      metadata: [{ key: 'serial', unit: short('u'), value: stored('SN') }],
    });
    const hierarchy = await read(`${em}/projects/${ids.project}/hierarchy`);
    expect(withId(hierarchy, ids.sensor)).toMatchObject({ name: stored('Boiler') });
  });

  it('reads back in a gateway with its parameters and timestamp field, list and detail', async () => {
    const iot = `/api/iot_mgmt/orgs/${orgId}`;
    for (const url of [`${iot}/projects/${ids.project}/gateways`, `${iot}/gateways/${ids.gateway}`]) {
      expect(withId(await read(url), ids.gateway)).toMatchObject({
        name: stored('Gateway'),
        description: stored('Gateway notes'),
        channel: stored('Channel'),
        static_params: [{ key: short('site'), value: stored('north'), unit: short('u') }],
        timestamp_mapping: { field: short('ts') },
      });
    }
    const pickable = await read(`/api/dash_mgmt/orgs/${orgId}/gateways?page_size=200`);
    expect(withId(pickable, ids.gateway)).toMatchObject({ name: stored('Gateway') });
  });

  it('reads back in a dashboard, its panel, a widget config and a command widget, lists and details', async () => {
    const dash = `/api/dash_mgmt/orgs/${orgId}`;
    for (const url of [`${dash}/dashboards`, `${dash}/dashboards/${ids.dashboard}`]) {
      expect(withId(await read(url), ids.dashboard)).toMatchObject({
        name: stored('Overview'),
        description: stored('Overview notes'),
      });
    }
    const panels = `${dash}/dashboards/${ids.dashboard}/panels`;
    for (const url of [panels, `${panels}/${ids.panel}`]) {
      expect(withId(await read(url), ids.panel)).toMatchObject({ name: stored('Main') });
    }
    const widgets = `${dash}/panels/${ids.panel}/widgets/${ids.variant}/widget_instances`;
    for (const url of [widgets, `${widgets}/${ids.widget}`]) {
      // The stored config, not the variant's defaults: its title, unit and series stay.
      expect(withId(await read(url), ids.widget)).toMatchObject({
        title: stored('Flow'),
        config: {
          title: stored('Flow'),
          unit: short('m3'),
          series: [{ sensor_id: ids.sensor, param_key: 'temperature', name: stored('T') }],
        },
        bindings: [{ sensor_id: ids.sensor, param_key: 'temperature' }],
      });
    }
    const commands = `${dash}/panels/${ids.panel}/command_widgets`;
    for (const url of [commands, `${commands}/${ids.commandWidget}`]) {
      expect(withId(await read(url), ids.commandWidget)).toMatchObject({
        title: stored('Pump'),
        confirmation_text: stored('Sure?'),
        settings: { on_label: short('On'), off_label: stored('Off') },
      });
    }
  });

  it("reads back in a person's name and settings, in the profile and the user list", async () => {
    const me = (await read('/api/me')) as Record<string, unknown>;
    expect(me).toMatchObject({
      name: stored('Ada'),
      user_credentials: {
        user_setting: { data_settings: { timezone: short('Europe/Berlin'), date_format: short('DD') } },
      },
    });
    const users = `/api/role_mgmt/orgs/${orgId}/users`;
    for (const url of [users, `${users}/${ids.user}`]) {
      expect(withId(await read(url), ids.user)).toMatchObject({ name: stored('Ada') });
    }
  });

  it('is still refused in a write, naming the field', async () => {
    const response = await platform.app.inject({
      method: 'PUT',
      url: `/api/role_mgmt/orgs/${orgId}/user_groups/${ids.group}`,
      headers,
      payload: { name: stored('Operators') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('body.name');
  });
});
