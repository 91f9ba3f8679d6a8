/**
 * Which tab each Role Manager list shows (spec §4 "Role Manager: project tab default active; users
 * tab default users, reset to active"): the users tab goes back to Users whenever the section opens.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../../../app/actions';
import type { ArchiveTab } from './archivable';

/** The Users section's tabs: active users, archived users, pending invitations. */
export type UsersTab = 'users' | 'archived' | 'invites';
/** The User Groups section shows groups or custom roles. */
export type GroupsView = 'groups' | 'roles';

export interface RoleManagerViewState {
  usersTab: UsersTab;
  projectsTab: ArchiveTab;
  groupsTab: ArchiveTab;
  groupsView: GroupsView;
}

export const initialViewState: RoleManagerViewState = {
  usersTab: 'users',
  projectsTab: 'active',
  groupsTab: 'active',
  groupsView: 'groups',
};

const viewSlice = createSlice({
  name: 'roleManager/view',
  initialState: initialViewState,
  reducers: {
    usersTabChanged(state, action: PayloadAction<UsersTab>) {
      state.usersTab = action.payload;
    },
    /** Opening the Users section again starts on the active users. */
    usersSectionOpened(state) {
      state.usersTab = 'users';
    },
    projectsTabChanged(state, action: PayloadAction<ArchiveTab>) {
      state.projectsTab = action.payload;
    },
    groupsTabChanged(state, action: PayloadAction<ArchiveTab>) {
      state.groupsTab = action.payload;
    },
    groupsViewChanged(state, action: PayloadAction<GroupsView>) {
      state.groupsView = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAppState, () => initialViewState);
  },
});

export const {
  usersTabChanged,
  usersSectionOpened,
  projectsTabChanged,
  groupsTabChanged,
  groupsViewChanged,
} = viewSlice.actions;
export const viewReducer = viewSlice.reducer;
