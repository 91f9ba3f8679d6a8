import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import {
  addOrgWithAdmin,
  addProject,
  createEntity,
  createType,
  entityManagerClient,
} from '../entityManager/testSupport';

/** A stand-in Nominatim: answers by the query's first word, so each test picks its behaviour. */
async function fakeGeocoder(): Promise<{ server: Server; url: string; seen: URL[] }> {
  const seen: URL[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://geocoder');
    seen.push(url);
    const q = url.searchParams.get('q') ?? '';
    if (q.startsWith('slow')) return; // never answers: the server's time limit must end the wait
    response.setHeader('content-type', 'application/json');
    if (q.startsWith('huge')) {
      response.end(
        JSON.stringify(
          Array.from({ length: 20_000 }, (_, i) => ({ display_name: `Place ${i}`, lat: '1', lon: '2' })),
        ),
      );
      return;
    }
    response.end(
      JSON.stringify([
        { display_name: 'Hamburg, Germany', lat: '53.5503', lon: '9.9920' },
        { display_name: 'broken', lat: 'north', lon: '9' },
        { display_name: 'Hamburg, New York', lat: '42.7159', lon: '-78.8295' },
      ]),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, seen };
}

let offline: TestPlatform;
let online: TestPlatform;
let geocoder: Awaited<ReturnType<typeof fakeGeocoder>>;
let token: string;
let onlineToken: string;
let orgId: string;
let onlineOrgId: string;
let otherOrgId: string;

async function locatedAsset(
  platform: TestPlatform,
  orgId: string,
  accessToken: string,
  name: string,
  lat: number,
  lon: number,
) {
  const client = entityManagerClient(platform, orgId, accessToken);
  const projectId = await addProject(platform, orgId, `${name} project`);
  const typeId = await createType(client, 'asset', { name: `${name} type` });
  await createEntity(client, projectId, 'asset', {
    name,
    type_id: typeId,
    location: { latitude: lat, longitude: lon },
  });
}

beforeAll(async () => {
  geocoder = await fakeGeocoder();
  offline = await createTestPlatform();
  online = await createTestPlatform({ GEOCODER_URL: geocoder.url });
  const session = await signInToOrg(offline.app);
  token = session.access_token;
  orgId = session.org_id;
  await locatedAsset(offline, session.org_id, token, 'Harbour Plant', 53.54, 9.98);
  // Another organization's site with a similar name must never show in the first one's search.
  const other = await addOrgWithAdmin(offline, 'rival-mill', APP_KEYS);
  await locatedAsset(offline, other.orgId, other.token, 'Harbour Works', 1, 2);
  otherOrgId = other.orgId;
  const onlineSession = await signInToOrg(online.app);
  onlineToken = onlineSession.access_token;
  onlineOrgId = onlineSession.org_id;
}, 60_000);
afterAll(async () => {
  await Promise.all([offline?.close(), online?.close()]);
  geocoder?.server.close();
});

const placesUrl = (org: string) => `/api/entity_mgmt/orgs/${org}/geocode`;
const search = (platform: TestPlatform, q: string, accessToken = token, org = orgId) =>
  platform.app.inject({ method: 'GET', url: placesUrl(org), query: { q }, headers: bearer(accessToken) });

describe('GET /api/entity_mgmt/orgs/{orgId}/geocode', () => {
  it('finds the organization’s own located entities by name, never another organization’s', async () => {
    const response = await search(offline, 'harbour');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      places: [{ name: 'Harbour Plant', latitude: 53.54, longitude: 9.98, source: 'site' }],
      geocoder_reached: null,
    });
  });

  it('reads coordinates typed as "lat, lon"', async () => {
    const places = (await search(offline, ' 48.137, 11.575 ')).json().places;
    expect(places[0]).toEqual({
      name: '48.137, 11.575',
      latitude: 48.137,
      longitude: 11.575,
      source: 'coordinates',
    });
    expect((await search(offline, '95, 11')).json().places).toEqual([]);
  });

  it('refuses a missing or one-letter query with a 400 naming q', async () => {
    for (const query of [{}, { q: 'h' }] as Record<string, string>[]) {
      const response = await offline.app.inject({
        method: 'GET',
        url: placesUrl(orgId),
        query,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('query.q');
    }
  });

  it('needs a session', async () => {
    expect(
      (await offline.app.inject({ method: 'GET', url: `${placesUrl(orgId)}?q=harbour` })).statusCode,
    ).toBe(401);
  });

  it('refuses another organization’s path, so its sites stay unseen', async () => {
    const response = await search(offline, 'harbour', token, otherOrgId);
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('Harbour Works');
  });

  it('asks GEOCODER_URL’s /search when set, keeping only well-formed places', async () => {
    const response = await search(online, 'Hamburg', onlineToken, onlineOrgId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      places: [
        { name: 'Hamburg, Germany', latitude: 53.5503, longitude: 9.992, source: 'geocoder' },
        { name: 'Hamburg, New York', latitude: 42.7159, longitude: -78.8295, source: 'geocoder' },
      ],
      geocoder_reached: true,
    });
    const asked = geocoder.seen.at(-1) as URL;
    expect(asked.pathname).toBe('/search');
    expect(asked.searchParams.get('format')).toBe('jsonv2');
  });

  it('answers with local places only when the geocoder is too slow or answers too much', async () => {
    const started = Date.now();
    const slow = await search(online, 'slow town', onlineToken, onlineOrgId);
    expect(slow.statusCode).toBe(200);
    expect(slow.json()).toEqual({ places: [], geocoder_reached: false });
    expect(Date.now() - started).toBeLessThan(4500);
    expect((await search(online, 'huge city', onlineToken, onlineOrgId)).json()).toEqual({
      places: [],
      geocoder_reached: false,
    });
  });
});
