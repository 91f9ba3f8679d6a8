import { MESSAGES, type WidgetInstanceDataResponse } from '@ferrite/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../ui/test-utils';
import { echarts } from '../echarts';
import { LiveStore } from '../live/liveStore';
import { PanelCanvas } from './PanelCanvas';
import { instanceFixture, panelFixture, SENSOR_ID } from './testing';
import { CanvasLookContext, DashboardViewContext, type DashboardViewSource } from './viewContext';

vi.mock('../../app/socket', () => ({ useSocketRoom: () => 'offline' }));
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(cleanup);

function answer(
  value: number,
  ts = '2026-05-01T10:00:00.000Z',
  instance = instanceFixture(),
): WidgetInstanceDataResponse {
  return {
    widget_instance: instance,
    query: {
      aggregate_func: 'avg',
      from_date: '2026-05-01T09:00:00.000Z',
      to_date: ts,
      group_interval: 1,
      group_interval_type: 'hour',
      type: 'raw',
      last: instance.config.last ?? 1,
    },
    series: [
      {
        key: instance.config.series[0]?.key ?? '',
        sensor_id: SENSOR_ID,
        param_key: 'power',
        sensor_name: 'S1',
        unit: 'kW',
        points: [{ ts, value }],
      },
    ],
  };
}

function renderCanvas(
  readWidget: DashboardViewSource['readWidget'],
  instance = instanceFixture(),
  onCommit: () => void = () => undefined,
) {
  const live = new LiveStore();
  const source: DashboardViewSource = { readWidget, live, refreshKey: 0, orgId: 'org' };
  renderWithProviders(
    <DashboardViewContext.Provider value={source}>
      <CanvasLookContext.Provider value={{ widgetTheme: 'light', editing: false }}>
        <Profiler id="canvas" onRender={onCommit}>
          <PanelCanvas
            panel={panelFixture([instance])}
            settings={{ columns: 12, row_height: 30, margin: 10, compact: 'vertical' }}
          />
        </Profiler>
      </CanvasLookContext.Provider>
    </DashboardViewContext.Provider>,
  );
  return { live };
}

/** The values a card's ECharts drawing shows in its first series. */
function drawnValues(): unknown[] {
  const host = document.querySelector<HTMLElement>('[data-echart]');
  const chart = host ? echarts.getInstanceByDom(host) : undefined;
  const series = (chart?.getOption().series ?? []) as { data: [number, number][] }[];
  return (series[0]?.data ?? []).map((point) => point[1]);
}

describe('a widget on the canvas', () => {
  it('reads its data with the read query of its config', async () => {
    const readWidget = vi.fn(async () => answer(41.5));
    renderCanvas(readWidget);
    expect(await screen.findByText(/41\.50/)).toBeInTheDocument();
    const [instance, query] = readWidget.mock.calls[0] as unknown as [unknown, Record<string, unknown>];
    expect((instance as { id: string }).id).toBe(instanceFixture().id);
    expect(query).toMatchObject({ type: 'raw', last: 1, aggregate_func: 'avg' });
    expect(typeof query.from_date).toBe('string');
  });

  it('shows exactly the spec §8 message when its data fails to load', async () => {
    renderCanvas(async () => {
      throw { status: 500, title: 'Boom', detail: '' };
    });
    expect(await screen.findByText(MESSAGES.widgetLoadError)).toBeInTheDocument();
    expect(MESSAGES.widgetLoadError).toBe('There is some error while loading data for this widget.');
  });

  it('follows the live values of its sensor parameter without reading again', async () => {
    const readWidget = vi.fn(async () => answer(41.5));
    const { live } = renderCanvas(readWidget);
    await screen.findByText(/41\.50/);
    act(() =>
      live.push({
        sensor_id: SENSOR_ID,
        values: [{ param_key: 'power', ts: '2026-05-01T10:00:05.000Z', value: 43.25 }],
      }),
    );
    expect(await screen.findByText(/43\.25/)).toBeInTheDocument();
    expect(readWidget).toHaveBeenCalledTimes(1);
  });

  it('redraws a chart with each live value without rendering the card again', async () => {
    const chart = instanceFixture('line.live');
    const readWidget = vi.fn(async () => answer(41.5, '2026-05-01T10:00:00.000Z', chart));
    let commits = 0;
    const { live } = renderCanvas(readWidget, chart, () => commits++);
    await waitFor(() => expect(drawnValues()).toEqual([41.5]));
    const before = commits;
    for (const [second, value] of [
      [5, 43.25],
      [6, 44],
    ] as const) {
      act(() =>
        live.push({
          sensor_id: SENSOR_ID,
          values: [{ param_key: 'power', ts: `2026-05-01T10:00:0${second}.000Z`, value }],
        }),
      );
    }
    await waitFor(() => expect(drawnValues()).toEqual([41.5, 43.25, 44]));
    expect(commits).toBe(before);
    expect(readWidget).toHaveBeenCalledTimes(1);
  });

  it("opens the card's menu when the pointer comes to its button and clicks", async () => {
    renderCanvas(vi.fn(async () => answer(41.5)));
    await screen.findByText(/41\.50/);
    await userEvent.hover(screen.getByRole('button', { name: 'Widget menu of Power' }));
    await userEvent.click(screen.getByRole('button', { name: 'Widget menu of Power' }));
    expect(await screen.findByRole('menuitem', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByText('Download')).toBeInTheDocument();
  });

  it("opens the card's menu at a click that comes before any pointer or focus (a screen reader's)", async () => {
    renderCanvas(vi.fn(async () => answer(41.5)));
    await screen.findByText(/41\.50/);
    fireEvent.click(screen.getByRole('button', { name: 'Widget menu of Power' }));
    expect(await screen.findByRole('menuitem', { name: 'Print' })).toBeInTheDocument();
  });

  it('keeps the focus on the menu button when the keyboard reaches it, and opens with Enter', async () => {
    renderCanvas(vi.fn(async () => answer(41.5)));
    await screen.findByText(/41\.50/);
    act(() => screen.getByRole('button', { name: 'Widget menu of Power' }).focus());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Widget menu of Power' })),
    );
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Print' })).toBeInTheDocument();
  });
});
