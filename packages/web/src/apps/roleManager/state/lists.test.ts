import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { resetAppState } from '../../../app/actions';
import { invitation, orgUser, project } from './fixtures';
import { roleManagerReducer } from './index';
import {
  invitationRevoked,
  invitationsPageLoaded,
  projects,
  userCountsLoaded,
  userInvited,
  users,
} from './lists';
import { initialViewState, usersSectionOpened, usersTabChanged } from './view';

const run = (...actions: UnknownAction[]) =>
  actions.reduce(roleManagerReducer, roleManagerReducer(undefined, { type: 'init' }));
const ids = (items: { id: string }[]) => items.map((item) => item.id);
const archivedAt = '2026-02-01T00:00:00.000Z';

describe('users and invitations', () => {
  const loaded = [
    users.actions.pageLoaded({
      tab: 'archived',
      page: 1,
      items: [orgUser(1, { archived_at: archivedAt }), orgUser(2, { archived_at: archivedAt })],
      total: 2,
      counts: { active: 5, archived: 2 },
    }),
    userCountsLoaded({ active: 5, archived: 2, invites: 1 }),
    invitationsPageLoaded({ page: 1, items: [invitation(1)], total: 1 }),
  ];

  it('takes the shown tab page and the other tabs counts from one users response', () => {
    const { lists } = run(...loaded);
    expect(ids(lists.users.archived.items)).toEqual([orgUser(1).id, orgUser(2).id]);
    expect(lists.users.archived.total).toBe(2);
    expect(lists.users.active).toMatchObject({ items: [], total: 5 });
    expect(lists.invitations.total).toBe(1);
  });

  it('inviting an archived user moves them from Archived to Invites with both counts', () => {
    const sent = invitation(2, { email: orgUser(1).email, kind: 'join-org' });
    const { lists } = run(...loaded, userInvited({ invitation: sent, archivedUserId: orgUser(1).id }));
    expect(ids(lists.users.archived.items)).toEqual([orgUser(2).id]);
    expect(lists.users.archived.total).toBe(1);
    expect(ids(lists.invitations.items)).toEqual([sent.id, invitation(1).id]);
    expect(lists.invitations.total).toBe(2);
    expect(lists.users.active.total).toBe(5);
  });

  it('inviting someone new only raises the Invites total', () => {
    const { lists } = run(...loaded, userInvited({ invitation: invitation(3) }));
    expect(lists.invitations.total).toBe(2);
    expect(lists.users.archived.total).toBe(2);
  });

  it('revoking an invitation lowers the Invites total', () => {
    const { lists } = run(...loaded, invitationRevoked(invitation(1).id));
    expect(lists.invitations).toMatchObject({ items: [], total: 0 });
  });

  it('archiving a user moves them to the front of Archived', () => {
    const active = users.actions.pageLoaded({
      tab: 'active',
      page: 1,
      items: [orgUser(3), orgUser(4)],
      total: 5,
      counts: { active: 5, archived: 2 },
    });
    const { lists } = run(...loaded, active, users.actions.archived(orgUser(4, { archived_at: archivedAt })));
    expect(ids(lists.users.active.items)).toEqual([orgUser(3).id]);
    expect(lists.users.active.total).toBe(4);
    expect(ids(lists.users.archived.items)[0]).toBe(orgUser(4).id);
    expect(lists.users.archived.total).toBe(3);
  });
});

describe('projects archive and unarchive (spec §4)', () => {
  const page = (tab: 'active' | 'archived', n: number[], pageNo = 1) =>
    projects.actions.pageLoaded({
      tab,
      page: pageNo,
      items: n.map((i) => project(i, tab === 'archived' ? { archived_at: archivedAt } : {})),
      total: tab === 'active' ? 12 : 3,
      counts: { active: 12, archived: 3 },
    });

  it('archiving moves a project to the front of Archived on page 1 and adjusts both counts', () => {
    const { lists } = run(
      page('active', [1, 2, 3]),
      page('archived', [7, 8, 9]),
      projects.actions.archived(project(2)),
    );
    expect(ids(lists.projects.active.items)).toEqual([project(1).id, project(3).id]);
    expect(lists.projects.active.total).toBe(11);
    expect(ids(lists.projects.archived.items)).toEqual([
      project(2).id,
      project(7).id,
      project(8).id,
      project(9).id,
    ]);
    expect(lists.projects.archived.total).toBe(4);
  });

  it('an archived list on a later page keeps its rows but still counts the move', () => {
    const { lists } = run(
      page('archived', [7, 8], 2),
      page('active', [1, 2]),
      projects.actions.archived(project(1)),
    );
    expect(ids(lists.projects.archived.items)).toEqual([project(7).id, project(8).id]);
    expect(lists.projects.archived.total).toBe(4);
  });

  it('unarchiving is the reverse', () => {
    const { lists } = run(
      page('active', [1]),
      page('archived', [7, 8]),
      projects.actions.unarchived(project(8)),
    );
    expect(ids(lists.projects.active.items)).toEqual([project(8).id, project(1).id]);
    expect(lists.projects.active.total).toBe(13);
    expect(ids(lists.projects.archived.items)).toEqual([project(7).id]);
    expect(lists.projects.archived.total).toBe(2);
  });

  it('deleting lowers only the tab it was shown in', () => {
    const { lists } = run(
      page('archived', [7]),
      projects.actions.deleted({ id: project(7).id, tab: 'archived' }),
    );
    expect(lists.projects.archived).toMatchObject({ items: [], total: 2 });
    expect(lists.projects.active.total).toBe(12);
  });

  it('clearing app state empties every list', () => {
    const { lists } = run(page('active', [1]), resetAppState());
    expect(lists.projects.active).toMatchObject({ items: [], total: 0, page: 1 });
  });
});

describe('tabs (spec §4 "Role Manager")', () => {
  it('start on active projects and on users', () => {
    expect(run().view).toEqual(initialViewState);
    expect(initialViewState).toMatchObject({ projectsTab: 'active', usersTab: 'users' });
  });

  it('the users tab resets to the active users when the section is opened again', () => {
    expect(run(usersTabChanged('invites')).view.usersTab).toBe('invites');
    expect(run(usersTabChanged('archived'), usersSectionOpened()).view.usersTab).toBe('users');
  });
});
