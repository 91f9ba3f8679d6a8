import { type Entity, MESSAGES } from '@ferrite/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SeenRequest } from '../../../session/test-helpers';
import { mockFetch } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { meWith, ORG_ID } from '../../../ui/testProfile';
import { NO_DATA_MESSAGE, SensorDataPanel } from './SensorDataPanel';

// ECharts needs a canvas jsdom lacks; the chart's own rendering is not under test here.
vi.mock('echarts-for-react', () => ({ default: () => <div data-testid="echarts" /> }));

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENSOR_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a33';
const BASE = `/api/telemetry/orgs/${ORG_ID}/sensors/${SENSOR_ID}`;

const sensor: Entity = {
  id: SENSOR_ID,
  uuid: SENSOR_ID,
  kind: 'sensor',
  project_id: '6c0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a44',
  parent_id: null,
  type: { id: '7d0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a55', name: 'Boiler probe' },
  name: 'Probe 1',
  description: '',
  caretakers: [],
  hierarchy: [],
  metadata: [],
  parameters: [
    { key: 'temperature', data_type: 'number', unit: '°C' },
    { key: 'pressure', data_type: 'number', unit: 'bar' },
    { key: 'running', data_type: 'boolean', unit: '' },
  ],
  location: null,
  position: 'indoor',
  child_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
};

type Reply = { status: number; body?: unknown };

function serve(latest: Reply, data: Reply = { status: 200, body: { points: [] } }) {
  return mockFetch((req: SeenRequest): Reply => {
    if (req.path === '/api/me') return { status: 200, body: meWith(['entityManager.view']) };
    if (req.path === `${BASE}/latest`) return latest;
    if (req.path.startsWith(`${BASE}/parameters/`)) return data;
    return { status: 404, body: { title: 'Not found', detail: req.path, status: 404 } };
  });
}

const twoMinutesAgo = () => new Date(Date.now() - 125_000).toISOString();

describe('SensorDataPanel', () => {
  it("shows each parameter's latest value and '—' for one without data", async () => {
    const { calls } = serve(
      {
        status: 200,
        body: {
          values: [
            { param_key: 'temperature', ts: twoMinutesAgo(), value: 21.50004 },
            { param_key: 'running', ts: twoMinutesAgo(), value: 1 },
          ],
        },
      },
      {
        status: 200,
        body: { points: [{ ts: twoMinutesAgo(), value: 21.5 }] },
      },
    );
    renderWithProviders(<SensorDataPanel entity={sensor} />);
    expect(await screen.findByTestId('latest-temperature')).toHaveTextContent('21.5 °C');
    expect(screen.getByTestId('latest-temperature')).not.toHaveTextContent('21.50004');
    expect(screen.getByTestId('latest-running')).toHaveTextContent('Yes');
    expect(screen.getByTestId('latest-pressure')).toHaveTextContent('—');
    // The product's one relative wording (ui/time), the full moment on hover.
    expect(screen.getAllByText('2 minutes ago')).toHaveLength(2);
    expect(screen.getByText('No reading yet')).toBeInTheDocument();
    // The chart opens on the first parameter's last hour in one-minute avg buckets.
    expect(await screen.findByTestId('echarts')).toBeInTheDocument();
    const dataCall = calls.find((c) => c.path === `${BASE}/parameters/temperature/data`);
    const params = new URL(dataCall?.url ?? 'http://x').searchParams;
    expect(params.get('aggregate_func')).toBe('avg');
    expect(params.get('group_interval')).toBe('1');
    expect(params.get('group_interval_type')).toBe('minute');
    const from = Date.parse(params.get('from_date') ?? '');
    expect(Date.parse(params.get('to_date') ?? '') - from).toBe(3_600_000);
    expect(screen.queryByText(NO_DATA_MESSAGE)).not.toBeInTheDocument();
  });

  it('keeps the empty state when the sensor never reported, and asks for no history', async () => {
    const { calls } = serve({ status: 200, body: { values: [] } });
    renderWithProviders(<SensorDataPanel entity={sensor} />);
    expect(await screen.findByText(NO_DATA_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(3);
    expect(calls.some((c) => c.path.includes('/parameters/'))).toBe(false);
  });

  it('shows the widget error when the history call fails', async () => {
    serve(
      { status: 200, body: { values: [{ param_key: 'temperature', ts: twoMinutesAgo(), value: 20 }] } },
      { status: 500, body: { title: 'Boom', detail: 'Boom', status: 500 } },
    );
    renderWithProviders(<SensorDataPanel entity={sensor} />);
    expect(await screen.findByText(MESSAGES.widgetLoadError)).toBeInTheDocument();
    expect(screen.getByTestId('latest-temperature')).toHaveTextContent('20 °C');
  });
});
