import { type Entity, SOCKET_EVENTS, type SocketRoom } from '@ferrite/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../../app/fakeSocket';
import { createStore } from '../../../app/store';
import { sessionActions } from '../../../session/sessionSlice';
import { mockFetch, type SeenRequest } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { meWith, ORG_ID } from '../../../ui/testProfile';

// ECharts needs a canvas jsdom lacks; the stand-in shows the line's points, which are under test here.
vi.mock('echarts-for-react', () => ({
  default: ({ option }: { option: { series: { data: unknown }[] } }) => (
    <div data-testid="echarts" data-points={JSON.stringify(option.series[0]?.data)} />
  ),
}));
const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../../app/fakeSocket');
  return {
    io: (options: never) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  };
});
const { closeSocket } = await import('../../../app/socket');
const { SensorDataPanel } = await import('./SensorDataPanel');

const SENSOR_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a33';
const OTHER_SENSOR = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a34';
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
  ],
  location: null,
  position: 'indoor',
  child_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
};

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const flush = () => act(async () => Promise.resolve());

type Point = { ts: string; value: number };

function serve(latest: { param_key: string; ts: string; value: number }[], history: Point[] = []) {
  return mockFetch((req: SeenRequest) => {
    if (req.path === '/api/me') return { status: 200, body: meWith(['entityManager.view']) };
    if (req.path === `${BASE}/latest`) return { status: 200, body: { values: latest } };
    if (req.path.startsWith(`${BASE}/parameters/`)) return { status: 200, body: { points: history } };
    return { status: 404, body: { title: 'Not found', detail: req.path, status: 404 } };
  });
}

/** Renders the card signed in (the socket needs an access token) and opens the socket. */
async function renderLive() {
  const store = createStore();
  store.dispatch(
    sessionActions.orgLoginSucceeded({
      userId: 'u1',
      orgId: ORG_ID,
      accessToken: 'token-1',
      expiresAt: null,
    }),
  );
  renderWithProviders(<SensorDataPanel entity={sensor} />, { store });
  await screen.findByTestId('latest-temperature');
  const socket = sockets.at(-1);
  if (!socket) throw new Error('the card opened no socket');
  act(() => socket.open());
  await flush();
  return socket;
}

/** The start of the one-minute bucket holding `ms`, as the API answers it. */
const minuteOf = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
const chartPoints = () =>
  JSON.parse(screen.getByTestId('echarts').dataset.points ?? '[]') as [string, number][];

const cardOf = (key: string) => screen.getByTestId(`latest-${key}`).parentElement as HTMLElement;

beforeAll(installDomShims);
beforeEach(() => {
  sockets.length = 0;
});
afterEach(() => {
  cleanup();
  closeSocket();
  vi.unstubAllGlobals();
});

describe('SensorDataPanel live values', () => {
  it("joins the sensor's room and shows each value the socket brings, aged from the reading's time", async () => {
    serve([{ param_key: 'temperature', ts: secondsAgo(40), value: 20 }]);
    const socket = await renderLive();
    expect(screen.getByTestId('latest-temperature')).toHaveTextContent('20 °C');
    const joined = socket.emitted.filter((e) => e.event === SOCKET_EVENTS.subscribe).map((e) => e.args[0]);
    expect(joined).toEqual([{ kind: 'sensor', orgId: ORG_ID, sensorId: SENSOR_ID } satisfies SocketRoom]);
    await vi.waitFor(() => expect(screen.getByTestId('sensor-data')).toHaveAttribute('data-live', 'true'));

    act(() =>
      socket.fire(SOCKET_EVENTS.sensorValues, {
        sensor_id: SENSOR_ID,
        values: [
          { param_key: 'temperature', ts: secondsAgo(7), value: 21.25 },
          { param_key: 'pressure', ts: secondsAgo(7), value: 1.5 },
        ],
      }),
    );
    expect(screen.getByTestId('latest-temperature')).toHaveTextContent('21.25 °C');
    expect(screen.getByTestId('latest-pressure')).toHaveTextContent('1.5 bar');
    expect(within(cardOf('temperature')).getByTestId('reading-age')).toHaveTextContent('7 seconds ago');

    // The age keeps ticking between readings.
    await vi.waitFor(
      () =>
        expect(within(cardOf('temperature')).getByTestId('reading-age')).toHaveTextContent('8 seconds ago'),
      { timeout: 2_500 },
    );
  });

  it("ignores other sensors' values and a late value older than the one shown", async () => {
    serve([{ param_key: 'temperature', ts: secondsAgo(2), value: 20 }]);
    const socket = await renderLive();
    act(() => {
      socket.fire(SOCKET_EVENTS.sensorValues, {
        sensor_id: OTHER_SENSOR,
        values: [{ param_key: 'temperature', ts: secondsAgo(0), value: 99 }],
      });
      socket.fire(SOCKET_EVENTS.sensorValues, {
        sensor_id: SENSOR_ID,
        values: [{ param_key: 'temperature', ts: secondsAgo(30), value: 5 }],
      });
    });
    expect(screen.getByTestId('latest-temperature')).toHaveTextContent('20 °C');
  });

  it('reads a reading from a device clock ahead of ours as now, not "in 20 seconds"', async () => {
    serve([{ param_key: 'temperature', ts: secondsAgo(-20), value: 20 }]);
    await renderLive();
    expect(within(cardOf('temperature')).getByTestId('reading-age')).toHaveTextContent('now');
  });

  it('reads the latest values again when the socket comes back after a break', async () => {
    const { calls } = serve([{ param_key: 'temperature', ts: secondsAgo(2), value: 20 }]);
    const socket = await renderLive();
    await vi.waitFor(() => expect(screen.getByTestId('sensor-data')).toHaveAttribute('data-live', 'true'));
    const reads = () => calls.filter((c) => c.path === `${BASE}/latest`).length;
    const before = reads();
    act(() => socket.drop());
    act(() => socket.open());
    await vi.waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('moves the history chart with the live values: new buckets appended, those out of the hour dropped', async () => {
    const now = Date.now();
    const hourAgo = minuteOf(now - 59 * 60_000 - 30_000);
    const lastMinute = minuteOf(now - 60_000);
    serve(
      [{ param_key: 'temperature', ts: secondsAgo(2), value: 20 }],
      [
        { ts: hourAgo, value: 10 },
        { ts: lastMinute, value: 20 },
      ],
    );
    const socket = await renderLive();
    await vi.waitFor(() =>
      expect(chartPoints()).toEqual([
        [hourAgo, 10],
        [lastMinute, 20],
      ]),
    );
    await vi.waitFor(() => expect(screen.getByTestId('sensor-data')).toHaveAttribute('data-live', 'true'));

    // Two minutes on (by the readings' own time), the window has slid past its first bucket.
    const later = Date.parse(minuteOf(now)) + 2 * 60_000 + 10_000;
    const fire = (param_key: string, ms: number, value: number) =>
      act(() =>
        socket.fire(SOCKET_EVENTS.sensorValues, {
          sensor_id: SENSOR_ID,
          values: [{ param_key, ts: new Date(ms).toISOString(), value }],
        }),
      );
    fire('temperature', later, 30);
    fire('pressure', later, 2);
    expect(chartPoints()).toEqual([
      [lastMinute, 20],
      [minuteOf(later), 30],
    ]);
    // A bucket made of live values alone is their average; another parameter's values stay out.
    fire('temperature', later + 1_000, 34);
    expect(chartPoints()).toEqual([
      [lastMinute, 20],
      [minuteOf(later), 32],
    ]);
  });
});
