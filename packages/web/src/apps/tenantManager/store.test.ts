import type { Organization, OrgRequestDetail } from '@ferrite/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { resetAppState } from '../../app/actions';
import { closeApp, setCurrentSection } from '../../workspace/windowsSlice';
import {
  orgArchiveToggled,
  orgCreated,
  orgPageChanged,
  orgsLoaded,
  orgTabChanged,
  requestDecided,
  requestPageChanged,
  requestsLoaded,
  type TenantState,
  tenantReducer,
} from './store';

const org = (n: number, archived = false): Organization => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Org ${n}`,
  slug: `org-${n}`,
  apps: ['dashboards'],
  limits: { users: 10, gateways: 5, data_retention_days: 30 },
  user_count: 1,
  admin: null,
  created_at: '2026-01-01T00:00:00.000Z',
  archived_at: archived ? '2026-02-01T00:00:00.000Z' : null,
});

const request = (n: number): OrgRequestDetail => ({
  id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  organization_name: `Req ${n}`,
  slug: `req-${n}`,
  status: 'pending',
  reason: null,
  requester: { id: '20000000-0000-4000-8000-000000000001', name: 'Rae', email: 'rae@example.com' },
  org_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  decided_at: null,
});

const run = (...actions: UnknownAction[]): TenantState =>
  actions.reduce(tenantReducer, tenantReducer(undefined, { type: 'init' }));

const tenPage = (offset = 0) => Array.from({ length: 10 }, (_, i) => org(offset + i + 1));
const ids = (state: TenantState) => state.organizations.items.map((o) => o.name);

describe('tenant reducers', () => {
  it('starts on page 1 of the Active and Pending tabs with nothing loaded', () => {
    const state = run();
    expect(state).toMatchObject({ orgTab: 'active', requestTab: 'pending' });
    expect(state.organizations).toMatchObject({ items: [], total: 0, page: 1 });
    expect(state.requests).toMatchObject({ items: [], total: 0, page: 1 });
  });

  it('selecting the requests or tenantManager section resets the page to 1', () => {
    for (const section of ['requests', 'tenantManager']) {
      const state = run(
        orgPageChanged(3),
        requestPageChanged(2),
        setCurrentSection({ appKey: 'tenantManager', section }),
      );
      expect(state.organizations.page).toBe(1);
      expect(state.requests.page).toBe(1);
    }
  });

  it('closing the app (which returns it to its tenantManager section) resets the page too', () => {
    expect(run(orgPageChanged(3), closeApp('tenantManager')).organizations.page).toBe(1);
    expect(run(orgPageChanged(3), closeApp('alerts')).organizations.page).toBe(3);
  });

  it('other sections, and other apps, keep the page', () => {
    expect(
      run(orgPageChanged(3), setCurrentSection({ appKey: 'tenantManager', section: 'organization' }))
        .organizations.page,
    ).toBe(3);
    expect(
      run(requestPageChanged(2), setCurrentSection({ appKey: 'roleManager', section: 'requests' })).requests
        .page,
    ).toBe(2);
  });

  it('changing tab goes back to page 1', () => {
    expect(run(orgPageChanged(4), orgTabChanged('archived')).organizations.page).toBe(1);
  });

  it('stores a loaded page with the server counts', () => {
    const state = run(orgsLoaded({ items: [org(1)], total: 1, counts: { active: 1, archived: 7 } }));
    expect(ids(state)).toEqual(['Org 1']);
    expect(state.orgCounts).toEqual({ active: 1, archived: 7 });
  });

  it('a created organization goes first on page 1, trimmed to the page size; total and count grow', () => {
    const state = run(
      orgsLoaded({ items: tenPage(), total: 12, counts: { active: 12, archived: 0 } }),
      orgCreated(org(99)),
    );
    expect(ids(state)[0]).toBe('Org 99');
    expect(state.organizations.items).toHaveLength(10);
    expect(state.organizations.total).toBe(13);
    expect(state.orgCounts.active).toBe(13);
  });

  it('a created organization leaves a later page alone but still counts', () => {
    const state = run(
      orgPageChanged(2),
      orgsLoaded({ items: [org(11), org(12)], total: 12, counts: { active: 12, archived: 0 } }),
      orgCreated(org(99)),
    );
    expect(ids(state)).toEqual(['Org 11', 'Org 12']);
    expect(state.organizations.total).toBe(13);
    expect(state.orgCounts.active).toBe(13);
  });

  it('a created organization does not appear in the Archived tab', () => {
    const state = run(
      orgTabChanged('archived'),
      orgsLoaded({ items: [org(5, true)], total: 1, counts: { active: 3, archived: 1 } }),
      orgCreated(org(99)),
    );
    expect(ids(state)).toEqual(['Org 5']);
    expect(state.orgCounts).toEqual({ active: 4, archived: 1 });
  });

  it('archiving takes the organization out of the Active tab and moves one count across', () => {
    const state = run(
      orgsLoaded({ items: [org(1), org(2)], total: 2, counts: { active: 2, archived: 5 } }),
      orgArchiveToggled({ org: org(1, true), archived: true }),
    );
    expect(ids(state)).toEqual(['Org 2']);
    expect(state.organizations.total).toBe(1);
    expect(state.orgCounts).toEqual({ active: 1, archived: 6 });
  });

  it('unarchiving takes it out of the Archived tab; the counts move back', () => {
    const state = run(
      orgTabChanged('archived'),
      orgsLoaded({ items: [org(1, true)], total: 1, counts: { active: 2, archived: 1 } }),
      orgArchiveToggled({ org: org(1), archived: false }),
    );
    expect(state.organizations.items).toEqual([]);
    expect(state.orgCounts).toEqual({ active: 3, archived: 0 });
  });

  it('approving a request leaves Pending, grows Approved and the active organizations', () => {
    const state = run(
      orgsLoaded({ items: [], total: 0, counts: { active: 4, archived: 0 } }),
      requestsLoaded({
        items: [request(1), request(2)],
        total: 2,
        counts: { pending: 2, approved: 0, rejected: 1 },
      }),
      requestDecided({ request: request(1), status: 'approved' }),
    );
    expect(state.requests.items.map((r) => r.organization_name)).toEqual(['Req 2']);
    expect(state.requests.total).toBe(1);
    expect(state.requestCounts).toEqual({ pending: 1, approved: 1, rejected: 1 });
    expect(state.orgCounts.active).toBe(5);
  });

  it('rejecting moves the count to Rejected and leaves the organizations alone', () => {
    const state = run(
      requestsLoaded({ items: [request(1)], total: 1, counts: { pending: 1, approved: 0, rejected: 0 } }),
      requestDecided({ request: request(1), status: 'rejected' }),
    );
    expect(state.requestCounts).toEqual({ pending: 0, approved: 0, rejected: 1 });
    expect(state.orgCounts.active).toBe(0);
  });

  it('clearing app state returns to the first page, empty lists and default tabs', () => {
    const state = run(
      orgTabChanged('archived'),
      orgPageChanged(2),
      orgsLoaded({ items: [org(1, true)], total: 11, counts: { active: 0, archived: 11 } }),
      resetAppState(),
    );
    expect(state).toEqual(run());
  });
});
