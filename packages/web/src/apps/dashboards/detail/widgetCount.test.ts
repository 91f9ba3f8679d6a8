import type { DashboardDetail } from '@ferrite/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store';
import { dashboardsApi } from '../api/dashboardsApi';
import { widgetsApi } from '../api/widgetsApi';
import { DASHBOARD_ID, dashboardFixture, fakeDashServer, ORG_ID, PANEL_ID } from '../testing';
import { dashboardSummary } from './detailModel';

afterEach(() => vi.unstubAllGlobals());

function detail(widgets: number): DashboardDetail {
  return {
    ...dashboardFixture({ widget_count: widgets, panel_count: 1 }),
    panels: [],
    exports: [],
    shared_with: 0,
  } as unknown as DashboardDetail;
}

describe('the dashboard header’s counts', () => {
  it('reads "1 widget on 1 panel", not "1 widgets on 1 panels"', () => {
    expect(dashboardSummary('Control room', { widget_count: 1, panel_count: 1 })).toBe(
      'Control room theme · 1 widget on 1 panel',
    );
    expect(dashboardSummary('Default', { widget_count: 0, panel_count: 2 })).toBe(
      'Default theme · 0 widgets on 2 panels',
    );
  });

  it('counts a widget as soon as it is added to the open dashboard', async () => {
    let widgets = 0;
    fakeDashServer({
      [`GET /dashboards/${DASHBOARD_ID}`]: () => ({ status: 200, body: detail(widgets) }),
      [`POST /panels/${PANEL_ID}/widgets/kpi.basic/widget_instances`]: () => {
        widgets += 1;
        return { status: 201, body: {} };
      },
    });
    const store = createStore();
    const open = store.dispatch(
      dashboardsApi.endpoints.getDashboard.initiate({ orgId: ORG_ID, dashboardId: DASHBOARD_ID }),
    );
    await open;
    const shown = () =>
      dashboardsApi.endpoints.getDashboard.select({ orgId: ORG_ID, dashboardId: DASHBOARD_ID })(
        // The app store's type lists only the base API's tags; the cache is the same one.
        store.getState() as never,
      ).data;
    expect(shown()?.widget_count).toBe(0);
    await store
      .dispatch(
        widgetsApi.endpoints.createWidgetInstance.initiate({
          orgId: ORG_ID,
          panelId: PANEL_ID,
          widgetId: 'kpi.basic',
          body: { config: {}, subpanel_id: null, layout: { x: 0, y: 0, w: 3, h: 7 } },
        }),
      )
      .unwrap();
    await waitFor(() => expect(shown()?.widget_count).toBe(1));
    open.unsubscribe();
  });
});
