/**
 * Remembered callers across nodes, on both databases: two apps on one database whose cluster buses are
 * joined in memory stand for two nodes (app/revocation.test.ts runs real processes on PostgreSQL). A
 * node that remembers a caller forgets it when the other node answers a sign-out or a permission
 * change, not a second later.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JoinedNodes, startJoinedNodes } from '../testing/joinedNodes';
import { addMember, createGroup, demoOrgId } from '../testing/people';
import { bearer, signInToOrg } from '../testing/session';

let joined: JoinedNodes;

beforeAll(async () => {
  joined = await startJoinedNodes(2);
});

afterAll(() => joined.close());

type Node = JoinedNodes['nodes'][number];
const [a, b] = [() => joined.nodes[0] as Node, () => joined.nodes[1] as Node];

/** Resolves once node B has heard that callers changed (another node answered a write). */
function heardOnB(): Promise<void> {
  return new Promise((resolve) => {
    const stop = b().bus.subscribe('ferrite_callers_changed', {
      message: ({ local }) => {
        if (local) return;
        stop();
        resolve();
      },
    });
  });
}

async function projects(app: FastifyInstance, token: string, orgId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/entity_mgmt/orgs/${orgId}/projects?page_size=1`,
    headers: bearer(token),
  });
  return response.statusCode;
}

const orgOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { org: string }).org;

describe('remembered callers on two nodes', () => {
  it('are forgotten on the other node when one answers a sign-out', async () => {
    const session = await signInToOrg(a().app);
    const orgId = orgOf(session.access_token);
    expect(await projects(b().app, session.access_token, orgId)).toBe(200);
    const heard = heardOnB();
    const signOut = await a().app.inject({
      method: 'POST',
      url: '/api/sign-out',
      payload: { access_token: session.access_token, refresh_token: session.refresh_token },
    });
    expect(signOut.statusCode).toBe(200);
    await heard;
    expect(await projects(b().app, session.access_token, orgId)).toBe(401);
  });

  it("are forgotten on the other node when one narrows a member's permissions", async () => {
    const admin = await signInToOrg(a().app);
    const orgId = orgOf(admin.access_token);
    const viewers = await createGroup(joined.database.db, await demoOrgId(joined.database.db), {
      name: 'Viewers',
      apps: ['entityManager'],
      permissions: ['entityManager.view'],
    });
    const person = { email: 'viewer@plant.test', password: 'Viewer@2026' };
    const id = await addMember(joined.database.db, orgId, { ...person, groupIds: [viewers] });
    const member = await signInToOrg(b().app, person.email, person.password);
    expect(await projects(b().app, member.access_token, orgId)).toBe(200);
    const heard = heardOnB();
    const narrowed = await a().app.inject({
      method: 'PUT',
      url: `/api/role_mgmt/orgs/${orgId}/users/${id}`,
      headers: bearer(admin.access_token),
      payload: { user_group_ids: [], apps: [] },
    });
    expect(narrowed.statusCode).toBe(200);
    await heard;
    expect(await projects(b().app, member.access_token, orgId)).toBe(403);
  });
});
