/**
 * Text and numbers the database cannot take are refused with a 400 that names the field, before
 * anything is stored: NUL characters, cursors past bigint, JSON bodies that are not UTF-8. A value the
 * contracts miss still gets a 400 from the error handler; a real server fault stays a 500.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/httpApp';
import { gatewayFixture, logLines } from '../../modules/iotManager/ingest/testSupport';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

let platform: TestPlatform;
let orgId: string;
let token: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  token = session.access_token;
});
afterAll(() => platform.close());

/** Project names of the organization. */
async function projectNames(): Promise<string[]> {
  const rows = await platform.deps.db
    .selectFrom('projects')
    .select('name')
    .where('org_id', '=', orgId)
    .execute();
  return rows.map((row) => row.name);
}

describe('hostile text and numbers', () => {
  it('refuses a NUL character in a name with a 400 naming the field', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/role_mgmt/orgs/${orgId}/projects`,
      headers: bearer(token),
      payload: { name: 'Line\u00001' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.name', message: 'Project name must be one line without control characters' },
    ]);
  });

  it('keeps line breaks in a description and refuses other control characters there', async () => {
    const url = `/api/role_mgmt/orgs/${orgId}/projects`;
    const refused = await platform.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { name: 'Line 2', description: 'Hall A\n\u001b[2Jcleared' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('body.description');
    const kept = await platform.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { name: 'Line 2', description: 'Hall A\n\tbay 3' },
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().description).toBe('Hall A\n\tbay 3');
  });

  it('refuses a log cursor past the largest bigint with a 400 naming it', async () => {
    const gateway = await gatewayFixture(platform, { protocol: 'HTTP' });
    const response = await platform.app.inject({
      method: 'GET',
      url: `/api/iot_mgmt/orgs/${gateway.orgId}/gateways/${gateway.gatewayId}/logs?before=9223372036854775808`,
      headers: bearer(gateway.adminToken),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'query.before', message: 'before is past the largest id' },
    ]);
    const largest = await platform.app.inject({
      method: 'GET',
      url: `/api/iot_mgmt/orgs/${gateway.orgId}/gateways/${gateway.gatewayId}/logs?before=9223372036854775807`,
      headers: bearer(gateway.adminToken),
    });
    expect(largest.statusCode).toBe(200);
  });

  it('refuses a JSON body whose bytes are not UTF-8 and stores nothing', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/role_mgmt/orgs/${orgId}/projects`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from('{"name":"Kessel'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      title: 'Malformed JSON',
      detail: 'The request body is not valid UTF-8',
      status: 400,
    });
    expect((await projectNames()).filter((name) => name.startsWith('Kessel'))).toEqual([]);
  });

  it('still takes raw device payloads: one that is not UTF-8 JSON is logged with the reason and answered 400', async () => {
    const gateway = await gatewayFixture(platform, { protocol: 'HTTP' });
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${gateway.gatewayId}`,
      headers: { ...bearer(gateway.token), 'content-type': 'application/json' },
      payload: Buffer.from([0xff, 0xfe, 0x7b]),
    });
    expect(response.statusCode).toBe(400);
    const [line] = await logLines(platform, gateway.gatewayId);
    expect(line?.level).toBe('error');
    expect(line?.message).toMatch(/JSON/);
  });
});

describe('database refusals as a safety net', () => {
  it('answers a value the database refuses with a 400 and a real fault with a 500', async () => {
    const app = await buildApp(platform.deps);
    app.get('/api/out-of-range', { config: { access: 'public' } }, async () => {
      await sql`select ${'9223372036854775808'}::bigint`.execute(platform.deps.db);
      return {};
    });
    app.get('/api/nul-in-json', { config: { access: 'public' } }, async () => {
      await sql`select ${'{"a":"\\u0000"}'}::jsonb`.execute(platform.deps.db);
      return {};
    });
    app.get('/api/missing-table', { config: { access: 'public' } }, async () => {
      await sql`select * from no_such_table`.execute(platform.deps.db);
      return {};
    });
    await app.ready();
    const outOfRange = await app.inject({ method: 'GET', url: '/api/out-of-range' });
    const nul = await app.inject({ method: 'GET', url: '/api/nul-in-json' });
    const missing = await app.inject({ method: 'GET', url: '/api/missing-table' });
    await app.close();
    expect(outOfRange.json()).toEqual({
      title: 'Invalid request',
      detail: 'A number in the request is out of range',
      status: 400,
    });
    expect(nul.json()).toEqual({
      title: 'Invalid request',
      detail: 'The request holds characters that cannot be stored (such as NUL)',
      status: 400,
    });
    expect(missing.statusCode).toBe(500);
  });
});
