import { MESSAGES, type WidgetInstanceDataResponse } from '@ferrite/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { LiveStore } from '../live/liveStore';
import { instanceFixture, panelFixture, SENSOR_ID } from '../testing';
import { PanelCanvas } from './PanelCanvas';
import { CanvasLookContext, DashboardViewContext, type DashboardViewSource } from './viewContext';

vi.mock('../../../app/socket', () => ({ useSocketRoom: () => 'offline' }));
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(cleanup);

function answer(value: number, ts = '2026-05-01T10:00:00.000Z'): WidgetInstanceDataResponse {
  const instance = instanceFixture();
  return {
    widget_instance: instance,
    query: {
      aggregate_func: 'avg',
      from_date: '2026-05-01T09:00:00.000Z',
      to_date: ts,
      group_interval: 1,
      group_interval_type: 'hour',
      type: 'raw',
      last: 1,
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

function renderCanvas(readWidget: DashboardViewSource['readWidget'], live = new LiveStore()) {
  const source: DashboardViewSource = { readWidget, live, refreshKey: 0, orgId: 'org' };
  renderWithProviders(
    <DashboardViewContext.Provider value={source}>
      <CanvasLookContext.Provider value={{ widgetTheme: 'light', editing: false }}>
        <PanelCanvas
          panel={panelFixture()}
          settings={{ columns: 12, row_height: 30, margin: 10, compact: 'vertical' }}
        />
      </CanvasLookContext.Provider>
    </DashboardViewContext.Provider>,
  );
  return { live };
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
});
