/**
 * The Role Manager's list stores (spec §4): users (Active/Archived) with invitations, user groups and
 * projects (Active/Archived), and custom roles. Views read these; the API endpoints fill and move them.
 */
import type { Invitation, OrgUser, Project, Role, UserCounts, UserGroup } from '@ferrite/contracts';
import { combineReducers, createAction } from '@reduxjs/toolkit';
import { createListStore, type ItemId } from '../../../ui/listStore';
import { type ArchiveTab, createArchivableLists } from './archivable';
import { listWithMoves } from './moves';

export const userGroups = createArchivableLists<UserGroup>('roleManager/userGroups');
// Twelve cards fill rows of two, three or four evenly.
export const projects = createArchivableLists<Project>('roleManager/projects', {}, 12);
export const invitations = createListStore<Invitation>('roleManager/invitations');
export const roles = createListStore<Role>('roleManager/roles');

/** The users list also carries the Invites total, which belongs to the invitations store. */
export const userCountsLoaded = createAction<UserCounts>('roleManager/userCountsLoaded');

/**
 * An invitation was sent. When it went to an archived member, spec §4 "Inviting moves a user to
 * invitations": they leave Archived (total down) as the invitation joins Invites (total up).
 */
export const userInvited = createAction<{ invitation: Invitation; archivedUserId?: ItemId }>(
  'roleManager/userInvited',
);
/** A pending invitation got a new link and expiry. */
export const invitationResent = createAction<Invitation>('roleManager/invitationResent');
/** A pending invitation was revoked. */
export const invitationRevoked = createAction<ItemId>('roleManager/invitationRevoked');
/** A page of invitations arrived (the Invites tab). */
export const invitationsPageLoaded = createAction<{ page: number; items: Invitation[]; total: number }>(
  'roleManager/invitationsPageLoaded',
);
/** A page of roles arrived. */
export const rolesPageLoaded = createAction<{ page: number; items: Role[]; total: number }>(
  'roleManager/rolesPageLoaded',
);
export const roleCreated = createAction<Role>('roleManager/roleCreated');
export const roleUpdated = createAction<Role>('roleManager/roleUpdated');
export const roleDeleted = createAction<ItemId>('roleManager/roleDeleted');

export const users = createArchivableLists<OrgUser>('roleManager/users', {
  archived: (rules) => rules.removeOn(userInvited, (p) => p.archivedUserId),
});

const invitationsReducer = listWithMoves(invitations)
  .stepOn(invitationsPageLoaded, (p) => invitations.actions.pageLoaded(p))
  .totalOn(userCountsLoaded, (counts) => counts.invites)
  .insertOn(userInvited, (p) => p.invitation)
  .updateOn(invitationResent, (invitation) => invitation)
  .removeOn(invitationRevoked, (id) => id)
  .reducer();

const rolesReducer = listWithMoves(roles)
  .stepOn(rolesPageLoaded, (p) => roles.actions.pageLoaded(p))
  .insertOn(roleCreated, (role) => role)
  .updateOn(roleUpdated, (role) => role)
  .removeOn(roleDeleted, (id) => id)
  .reducer();

/** All Role Manager lists, under state.roleManager.lists. */
export const listsReducer = combineReducers({
  users: combineReducers(users.reducers),
  invitations: invitationsReducer,
  userGroups: combineReducers(userGroups.reducers),
  projects: combineReducers(projects.reducers),
  roles: rolesReducer,
});

export type { ArchiveTab };
