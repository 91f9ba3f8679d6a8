/** Test-only: a signed-in profile with chosen permissions and a fake server for the Role Manager calls. */
import type { ListUsersResponse, MeResponse, OrgUser, Permission } from '@ferrite/contracts';
import { mockFetch, type SeenRequest } from '../../session/test-helpers';
import { meWith, ORG_ID } from '../../ui/testProfile';

export { meWith, ORG_ID };

/** A users page with the given members and counts. */
export function usersPage(users: OrgUser[], permissions: Permission[]): ListUsersResponse {
  return {
    users,
    total_entries: users.length,
    counts: { active: users.length, archived: 0, invites: 2 },
    abilities: permissions,
  };
}

/** Serves GET /me and the users list; anything else answers 404 and is recorded for assertions. */
export function fakeServer(me: MeResponse, users: OrgUser[]) {
  return mockFetch((req: SeenRequest) => {
    if (req.path === '/api/me') return { status: 200, body: me };
    if (req.method === 'GET' && req.path === `/api/role_mgmt/orgs/${ORG_ID}/users`) {
      return { status: 200, body: usersPage(users, me.abilities.permissions as Permission[]) };
    }
    return { status: 404, body: { title: 'Not found', detail: req.path, status: 404 } };
  });
}
