import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store';
import { mockFetch } from '../../../session/test-helpers';
import { invitation, orgUser, project } from '../state/fixtures';
import { projects, userCountsLoaded, users } from '../state/lists';
import { ORG_ID } from '../testing';
import { invitationsApi } from './invitationsApi';
import { projectsApi } from './projectsApi';

afterEach(() => vi.unstubAllGlobals());

const archivedAt = '2026-02-01T00:00:00.000Z';

describe('Role Manager API moves', () => {
  it('inviting the e-mail of an archived member moves them from Archived to Invites', async () => {
    const store = createStore();
    const archived = orgUser(5, { email: 'back@plant.io', archived_at: archivedAt });
    store.dispatch(
      users.actions.pageLoaded({
        tab: 'archived',
        page: 1,
        items: [archived],
        total: 1,
        counts: { active: 3, archived: 1 },
      }),
    );
    store.dispatch(userCountsLoaded({ active: 3, archived: 1, invites: 0 }));
    const sent = invitation(9, { email: 'back@plant.io', kind: 'join-org' });
    const { calls } = mockFetch((req) =>
      req.method === 'POST'
        ? { status: 201, body: sent }
        : { status: 404, body: { title: 'Not found', status: 404 } },
    );

    await store.dispatch(
      invitationsApi.endpoints.inviteUser.initiate({
        orgId: ORG_ID,
        body: { email: 'Back@plant.io', name: '', role: 'member', user_group_ids: [] },
      }),
    );

    expect(calls[0]).toMatchObject({ method: 'POST', path: `/api/role_mgmt/orgs/${ORG_ID}/invitations` });
    const { lists } = store.getState().roleManager;
    expect(lists.users.archived).toMatchObject({ items: [], total: 0 });
    expect(lists.invitations.items.map((i) => i.id)).toEqual([sent.id]);
    expect(lists.invitations.total).toBe(1);
  });

  it('archiving a project moves it to the front of Archived once the server agrees', async () => {
    const store = createStore();
    const counts = { active: 2, archived: 1 };
    store.dispatch(
      projects.actions.pageLoaded({
        tab: 'active',
        page: 1,
        items: [project(1), project(2)],
        total: 2,
        counts,
      }),
    );
    store.dispatch(
      projects.actions.pageLoaded({
        tab: 'archived',
        page: 1,
        items: [project(7, { archived_at: archivedAt })],
        total: 1,
        counts,
      }),
    );
    mockFetch(() => ({ status: 200, body: project(2, { archived_at: archivedAt }) }));

    await store.dispatch(projectsApi.endpoints.archiveProject.initiate({ orgId: ORG_ID, id: project(2).id }));

    const { active, archived } = store.getState().roleManager.lists.projects;
    expect(active.items.map((p) => p.id)).toEqual([project(1).id]);
    expect(active.total).toBe(1);
    expect(archived.items.map((p) => p.id)).toEqual([project(2).id, project(7).id]);
    expect(archived.total).toBe(2);
  });

  it('a refused archive leaves both lists as they were', async () => {
    const store = createStore();
    const counts = { active: 1, archived: 0 };
    store.dispatch(
      projects.actions.pageLoaded({ tab: 'active', page: 1, items: [project(1)], total: 1, counts }),
    );
    mockFetch(() => ({ status: 409, body: { title: 'Conflict', detail: 'In use', status: 409 } }));

    await store.dispatch(projectsApi.endpoints.archiveProject.initiate({ orgId: ORG_ID, id: project(1).id }));

    const { active, archived } = store.getState().roleManager.lists.projects;
    expect(active.total).toBe(1);
    expect(archived.total).toBe(0);
  });
});
