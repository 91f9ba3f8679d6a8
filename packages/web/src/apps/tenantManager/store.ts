/**
 * Tenant state (spec §3 "Tenant", §4): the organization list and the request list, each a list store
 * (ui/listStore) holding the page of its current tab, plus the tab counts the server reports.
 * Composite moves (archive, approve, reject) live here so one action updates list and counts together.
 */
import {
  DEFAULT_PAGE_SIZE,
  type Organization,
  type OrgRequestDetail,
  type TabCounts,
} from '@ferrite/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../../app/actions';
import { createListStore, type ListState } from '../../ui/listStore';
import { closeApp, setCurrentSection } from '../../workspace/windowsSlice';

export type OrgTab = keyof TabCounts;
export type RequestStatus = OrgRequestDetail['status'];
export type RequestCounts = Record<RequestStatus, number>;

/** The list store of organizations (the current tab's page). */
export const orgList = createListStore<Organization>('tenantManager/organizations', DEFAULT_PAGE_SIZE);
/** The list store of sign-up requests (the current status tab's page). */
export const requestList = createListStore<OrgRequestDetail>('tenantManager/requests', DEFAULT_PAGE_SIZE);

export interface TenantState {
  organizations: ListState<Organization>;
  orgTab: OrgTab;
  orgCounts: TabCounts;
  requests: ListState<OrgRequestDetail>;
  requestTab: RequestStatus;
  requestCounts: RequestCounts;
}

/** Sections whose selection resets the page to 1 (spec §4 "Tenant"). */
export const PAGE_RESET_SECTIONS = ['requests', 'tenantManager'];

function initialState(): TenantState {
  return {
    organizations: orgList.reducer(undefined, { type: '@@init' }),
    orgTab: 'active',
    orgCounts: { active: 0, archived: 0 },
    requests: requestList.reducer(undefined, { type: '@@init' }),
    requestTab: 'pending',
    requestCounts: { pending: 0, approved: 0, rejected: 0 },
  };
}

const slice = createSlice({
  name: 'tenantManager',
  initialState,
  reducers: {
    orgTabChanged(state, { payload }: PayloadAction<OrgTab>) {
      state.orgTab = payload;
      state.organizations.page = 1;
    },
    orgPageChanged(state, { payload }: PayloadAction<number>) {
      state.organizations = orgList.reducer(state.organizations, orgList.actions.setPage(payload));
    },
    /** A page of the current tab arrived; the counts come with it. */
    orgsLoaded(
      state,
      { payload }: PayloadAction<{ items: Organization[]; total: number; counts: TabCounts }>,
    ) {
      const { items, total, counts } = payload;
      state.organizations = orgList.reducer(
        state.organizations,
        orgList.actions.pageLoaded({ items, total }),
      );
      state.orgCounts = counts;
    },
    /** A new organization is active: it shows first on page 1 of the Active tab, and Active grows. */
    orgCreated(state, { payload }: PayloadAction<Organization>) {
      if (state.orgTab === 'active') {
        state.organizations = orgList.reducer(state.organizations, orgList.actions.itemInserted(payload));
      }
      state.orgCounts.active += 1;
    },
    orgUpdated(state, { payload }: PayloadAction<Organization>) {
      state.organizations = orgList.reducer(state.organizations, orgList.actions.itemUpdated(payload));
    },
    /** Archive or unarchive: the organization leaves one tab for the front of the other; counts follow. */
    orgArchiveToggled(state, { payload }: PayloadAction<{ org: Organization; archived: boolean }>) {
      const { org, archived } = payload;
      const from: OrgTab = archived ? 'active' : 'archived';
      const to: OrgTab = archived ? 'archived' : 'active';
      if (state.orgTab === from) {
        state.organizations = orgList.reducer(state.organizations, orgList.actions.itemRemoved(org.id));
      } else if (state.orgTab === to) {
        state.organizations = orgList.reducer(state.organizations, orgList.actions.itemInserted(org));
      }
      state.orgCounts[from] = Math.max(0, state.orgCounts[from] - 1);
      state.orgCounts[to] += 1;
    },
    requestTabChanged(state, { payload }: PayloadAction<RequestStatus>) {
      state.requestTab = payload;
      state.requests.page = 1;
    },
    requestPageChanged(state, { payload }: PayloadAction<number>) {
      state.requests = requestList.reducer(state.requests, requestList.actions.setPage(payload));
    },
    requestsLoaded(
      state,
      { payload }: PayloadAction<{ items: OrgRequestDetail[]; total: number; counts: RequestCounts }>,
    ) {
      const { items, total, counts } = payload;
      state.requests = requestList.reducer(state.requests, requestList.actions.pageLoaded({ items, total }));
      state.requestCounts = counts;
    },
    /** A pending request was approved or rejected: it leaves Pending; an approval adds an active org. */
    requestDecided(state, { payload }: PayloadAction<{ request: OrgRequestDetail; status: RequestStatus }>) {
      const { request, status } = payload;
      if (state.requestTab === 'pending') {
        state.requests = requestList.reducer(state.requests, requestList.actions.itemRemoved(request.id));
      } else if (state.requestTab === status) {
        state.requests = requestList.reducer(
          state.requests,
          requestList.actions.itemInserted({ ...request, status }),
        );
      }
      state.requestCounts.pending = Math.max(0, state.requestCounts.pending - 1);
      state.requestCounts[status] += 1;
      if (status === 'approved') state.orgCounts.active += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(setCurrentSection, (state, { payload }) => {
        if (payload.appKey !== 'tenantManager' || !PAGE_RESET_SECTIONS.includes(payload.section)) return;
        // The spec keeps one page number for the tenant lists; here each list has one and both reset.
        state.organizations.page = 1;
        state.requests.page = 1;
      })
      // Closing puts the window back on its first section (tenantManager), which is that same selection.
      .addCase(closeApp, (state, { payload }) => {
        if (payload !== 'tenantManager') return;
        state.organizations.page = 1;
        state.requests.page = 1;
      })
      .addCase(resetAppState, () => initialState());
  },
});

export const {
  orgTabChanged,
  orgPageChanged,
  orgsLoaded,
  orgCreated,
  orgUpdated,
  orgArchiveToggled,
  requestTabChanged,
  requestPageChanged,
  requestsLoaded,
  requestDecided,
} = slice.actions;

/** The Tenant Manager's reducer, mounted at state.tenantManager. */
export const tenantReducer = slice.reducer;

/** The tenant state from the root state. */
export const selectTenant = (state: { tenantManager: TenantState }) => state.tenantManager;
