import type { LayoutItem, PanelDetail, WidgetInstanceDataResponse } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import {
  CanvasLookContext,
  DashboardViewContext,
  type DashboardViewSource,
  LiveStore,
  PanelCanvas,
} from '../../../widgets';
import { DASHBOARD_ID, fakeDashServer, instanceFixture, ORG_ID, PANEL_ID, panelFixture } from '../testing';
import { useLayoutSaver } from './useLayoutSaver';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SECOND_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a41';
const INNER_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a42';
const SUBPANEL_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a50';
const SETTINGS = { columns: 12, row_height: 30, margin: 10, compact: 'vertical' } as const;

/** Power at the top left, Flow beside it with room to its right. */
function panel(): PanelDetail {
  return panelFixture([
    instanceFixture('kpi.basic', 'power', { layout: { i: '', x: 0, y: 0, w: 4, h: 6 } }),
    instanceFixture('kpi.basic', 'flow', {
      id: SECOND_ID,
      title: 'Flow',
      layout: { i: '', x: 4, y: 0, w: 4, h: 6 },
    }),
  ]);
}

const source: DashboardViewSource = {
  readWidget: () => new Promise<WidgetInstanceDataResponse>(() => {}),
  live: new LiveStore(),
  refreshKey: 0,
  orgId: ORG_ID,
};

function renderCanvas(editing: boolean, onLayoutCommit?: (layout: LayoutItem[]) => void) {
  renderWithProviders(
    <DashboardViewContext.Provider value={source}>
      <CanvasLookContext.Provider value={{ widgetTheme: 'light', editing }}>
        <PanelCanvas panel={panel()} settings={SETTINGS} onLayoutCommit={onLayoutCommit} />
      </CanvasLookContext.Provider>
    </DashboardViewContext.Provider>,
  );
}

/** The canvas saving through useLayoutSaver, as the panel view wires it. */
function SavingCanvas({ shown }: { shown: PanelDetail }) {
  const saver = useLayoutSaver({ orgId: ORG_ID, dashboardId: DASHBOARD_ID, panelId: PANEL_ID }, 'Overview');
  return <PanelCanvas panel={shown} settings={SETTINGS} onLayoutCommit={saver.schedule} />;
}

/** The focusable grid item of a widget, by its title. */
const item = (title: string) => screen.getByRole('group', { name: title });
const byId = (layout: LayoutItem[] | undefined, id: string) => layout?.find((l) => l.i === id);

describe('the dashboard grid by keyboard', () => {
  it('moves the focused widget one cell with an arrow and says where it went', async () => {
    const commits: LayoutItem[][] = [];
    renderCanvas(true, (layout) => commits.push(layout));
    const flow = await waitFor(() => item('Flow'));
    flow.focus();
    expect(flow).toHaveFocus();
    fireEvent.keyDown(flow, { key: 'ArrowRight' });

    expect(byId(commits.at(-1), SECOND_ID)).toEqual({ i: SECOND_ID, x: 5, y: 0, w: 4, h: 6 });
    // The whole panel's layout, the widget that did not move included.
    expect(byId(commits.at(-1), instanceFixture().id)).toMatchObject({ x: 0, y: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('Moved to column 6, row 1');
    // The item keeps the focus, so the next key moves it on.
    expect(flow).toHaveFocus();
    fireEvent.keyDown(flow, { key: 'ArrowRight' });
    expect(byId(commits.at(-1), SECOND_ID)).toMatchObject({ x: 6, y: 0 });
  });

  it('resizes with Shift and an arrow, and refuses what the grid does not allow', async () => {
    const commits: LayoutItem[][] = [];
    renderCanvas(true, (layout) => commits.push(layout));
    const power = await waitFor(() => item('Power'));
    power.focus();
    fireEvent.keyDown(power, { key: 'ArrowDown', shiftKey: true });
    expect(byId(commits.at(-1), instanceFixture().id)).toEqual({
      i: instanceFixture().id,
      x: 0,
      y: 0,
      w: 4,
      h: 7,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Resized to 4 columns wide, 7 rows high');

    // Already at the left edge: nothing committed, and the reason is said.
    const before = commits.length;
    fireEvent.keyDown(power, { key: 'ArrowLeft' });
    expect(commits).toHaveLength(before);
    expect(screen.getByRole('status')).toHaveTextContent('Cannot move left');
    // Other keys and modified arrows are left to the page.
    fireEvent.keyDown(power, { key: 'ArrowRight', ctrlKey: true });
    fireEvent.keyDown(power, { key: 'Enter' });
    expect(commits).toHaveLength(before);
  });

  it('offers nothing to the keyboard outside edit mode', async () => {
    const commits: LayoutItem[][] = [];
    renderCanvas(false, (layout) => commits.push(layout));
    await screen.findByLabelText('Flow');
    expect(screen.queryByRole('group', { name: 'Flow' })).toBeNull();
    const wrapper = document.querySelector(`[data-grid-item="${SECOND_ID}"]`) as HTMLElement;
    expect(wrapper).not.toHaveAttribute('tabindex');
    fireEvent.keyDown(wrapper, { key: 'ArrowRight' });
    expect(commits).toEqual([]);
  });

  /** Renders SavingCanvas against a fake server; answers the PUT bodies. */
  function renderSaving(shown: PanelDetail) {
    const saved: { name: string; layout: LayoutItem[] }[] = [];
    fakeDashServer({
      [`PUT /dashboards/${DASHBOARD_ID}/panels/${PANEL_ID}`]: (req) => {
        saved.push(req.body as (typeof saved)[number]);
        return { status: 200, body: shown };
      },
    });
    renderWithProviders(
      <DashboardViewContext.Provider value={source}>
        <CanvasLookContext.Provider value={{ widgetTheme: 'light', editing: true }}>
          <SavingCanvas shown={shown} />
        </CanvasLookContext.Provider>
      </DashboardViewContext.Provider>,
    );
    return saved;
  }

  it('saves the new layout through the layout saver, like a drag', async () => {
    const saved = renderSaving(panel());
    const flow = await waitFor(() => item('Flow'));
    flow.focus();
    fireEvent.keyDown(flow, { key: 'ArrowRight' });
    fireEvent.keyDown(flow, { key: 'ArrowDown', shiftKey: true });

    // Both keys within the saver's debounce: one PUT with the panel's whole layout after both.
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0];
    expect(body?.name).toBe('Overview');
    expect(byId(body?.layout, SECOND_ID)).toEqual({ i: SECOND_ID, x: 5, y: 0, w: 4, h: 7 });
    expect(byId(body?.layout, instanceFixture().id)).toEqual({
      i: instanceFixture().id,
      x: 0,
      y: 0,
      w: 4,
      h: 6,
    });
  });

  it("moves an item inside a subpanel without moving the subpanel, and saves both grids' moves", async () => {
    const shown = panel();
    shown.subpanels = [
      {
        id: SUBPANEL_ID,
        panel_id: PANEL_ID,
        name: 'Pumps',
        order: 0,
        layout: { i: SUBPANEL_ID, x: 0, y: 6, w: 8, h: 10 },
        created_at: '',
        updated_at: '',
      },
    ];
    shown.widget_instances.push(
      instanceFixture('kpi.basic', 'pressure', {
        id: INNER_ID,
        title: 'Pressure',
        subpanel_id: SUBPANEL_ID,
        layout: { i: '', x: 0, y: 0, w: 3, h: 4 },
      }),
    );
    const saved = renderSaving(shown);
    const pressure = await waitFor(() => item('Pressure'));
    pressure.focus();
    fireEvent.keyDown(pressure, { key: 'ArrowRight' });
    const flow = item('Flow');
    flow.focus();
    fireEvent.keyDown(flow, { key: 'ArrowRight' });

    await waitFor(() => expect(saved).toHaveLength(1));
    const layout = saved[0]?.layout;
    expect(byId(layout, INNER_ID)).toEqual({ i: INNER_ID, x: 1, y: 0, w: 3, h: 4 });
    expect(byId(layout, SUBPANEL_ID)).toEqual({ i: SUBPANEL_ID, x: 0, y: 6, w: 8, h: 10 });
    expect(byId(layout, SECOND_ID)).toMatchObject({ x: 5, y: 0 });
    // Each grid announces its own moves.
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Moved to column 2, row 1',
      'Moved to column 6, row 1',
    ]);
  });
});
