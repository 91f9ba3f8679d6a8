import type {
  SharedDashboardResponse,
  WidgetDataBatchBody,
  WidgetInstanceDataResponse,
} from '@ferrite/contracts';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type SeenRequest } from '../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../ui/test-utils';
import { ORG_ID } from '../../ui/testProfile';
import { formatDateTime } from '../../ui/time';
import {
  DASHBOARD_ID,
  dashboardFixture,
  instanceFixture,
  PANEL_ID,
  panelFixture,
  SENSOR_ID,
} from '../../widgets/canvas/testing';
import { SharedDashboardPage, startSharedDashboardEarly } from '../SharedDashboardPage';
import SharedDashboardView from './SharedDashboardView';

const rooms: unknown[] = [];
vi.mock('../../app/socket', () => ({
  useSocketRoom: (room: unknown, _handlers: unknown, options: unknown) => {
    if (room) rooms.push({ room, options });
    return 'offline';
  },
}));
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
beforeEach(() => {
  sessionStorage.clear();
  rooms.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UUID = '9a0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a99';
const TOKEN = 'share-token';

function dashboardAnswer(): SharedDashboardResponse {
  const d = dashboardFixture();
  return {
    uuid: UUID,
    org_id: ORG_ID,
    dashboard: {
      id: DASHBOARD_ID,
      name: d.name,
      description: d.description,
      theme: d.theme,
      layout: d.layout,
    },
    panels: [
      {
        id: PANEL_ID,
        dashboard_id: DASHBOARD_ID,
        name: 'Overview',
        order: 0,
        created_at: '',
        updated_at: '',
      },
    ],
    expires_at: null,
  };
}

function widgetAnswer(): WidgetInstanceDataResponse {
  const instance = instanceFixture();
  return {
    widget_instance: instance,
    query: {
      aggregate_func: 'avg',
      from_date: '2026-05-01T09:00:00.000Z',
      to_date: '2026-05-01T10:00:00.000Z',
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
        points: [{ ts: '2026-05-01T10:00:00.000Z', value: 12.5 }],
      },
    ],
  };
}

/** The shared-view server: `verify` decides the password's fate, `widget` a widget read's. */
function serve({ verify = 200, widget = 200 }: { verify?: number; widget?: number } = {}) {
  return mockFetch((req) => {
    if (req.path === `/api/dash_mgmt/dashboards/${UUID}/verify`) {
      if (verify !== 200)
        return {
          status: verify,
          body: {
            title: 'Error',
            detail: verify === 401 ? 'Please enter correct password' : 'This dashboard link has been revoked',
            status: verify,
          },
        };
      // The password travels in a POST body only: never the address (logs, history) nor a header.
      const sent =
        req.method === 'POST' ? (req.body as { password?: string } | undefined)?.password : undefined;
      if (sent !== 'Right#pass1' || req.url.includes('?') || req.headers.has('password'))
        return {
          status: 401,
          body: { title: 'Error', detail: 'Please enter correct password', status: 401 },
        };
      return {
        status: 200,
        body: {
          token: TOKEN,
          token_type: 'Bearer',
          expires_at: '2099-01-01T00:00:00.000Z',
          uuid: UUID,
          org_id: ORG_ID,
          dashboard_id: DASHBOARD_ID,
        },
      };
    }
    if (req.headers.get('authorization') !== `Bearer ${TOKEN}`)
      return { status: 401, body: { title: 'Unauthorized', detail: '', status: 401 } };
    if (req.path === `/api/dash_mgmt/dashboards/${UUID}/`) return { status: 200, body: dashboardAnswer() };
    if (req.path === `/api/dash_mgmt/details/${UUID}/panels/${PANEL_ID}`)
      return { status: 200, body: panelFixture() };
    if (req.path === `/api/dash_mgmt/details/${UUID}/panels/${PANEL_ID}/widget_data`) {
      const reads = (req.body as WidgetDataBatchBody).reads;
      return widget === 200
        ? { status: 200, body: { results: reads.map((read) => ({ id: read.id, data: widgetAnswer() })) } }
        : {
            status: widget,
            body: { title: 'Gone', detail: 'This dashboard link has been revoked', status: widget },
          };
    }
    return { status: 404, body: { title: 'Not found', detail: req.path, status: 404 } };
  });
}

/** The widget reads the view sent, from its batch requests. */
const widgetReads = (calls: SeenRequest[]) =>
  calls.filter((c) => c.path.endsWith('/widget_data')).flatMap((c) => (c.body as WidgetDataBatchBody).reads);

const renderView = () =>
  renderWithProviders(
    <MemoryRouter>
      <Notifications />
      <SharedDashboardView uuid={UUID} />
    </MemoryRouter>,
  );

async function enter(password: string) {
  fireEvent.change(await screen.findByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Open dashboard' }));
}

describe('the shared dashboard view', () => {
  it('answers a wrong password with the notification titled Error, then opens with the right one', async () => {
    const { calls } = serve();
    renderView();
    await enter('Wrong#pass1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Please enter correct password');
    // Said once: the notification, not the notification and the same words under the field too.
    expect(screen.getAllByText('Please enter correct password')).toHaveLength(1);
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');

    await enter('Right#pass1');
    expect(await screen.findByRole('heading', { name: 'Line 1 overview' })).toBeInTheDocument();
    expect(screen.getByText('Read-only')).toBeInTheDocument();
    expect(await screen.findByText(/12\.50/)).toBeInTheDocument();
    expect(widgetReads(calls)).toEqual([
      { id: instanceFixture().id, query: expect.objectContaining({ last: 1 }) },
    ]);
    // Live values come over the link's own socket: its room, and the sensor rooms its widgets read.
    expect(rooms).toContainEqual({
      room: { kind: 'sharedDashboard', uuid: UUID },
      options: { token: TOKEN },
    });
    expect(rooms).toContainEqual({
      room: { kind: 'sensor', orgId: ORG_ID, sensorId: SENSOR_ID },
      options: { token: TOKEN },
    });
  });

  it('says so when the link was revoked or expired', async () => {
    serve({ verify: 410 });
    renderView();
    await enter('Right#pass1');
    const page = await screen.findByTestId('link-dead');
    expect(
      within(page).getByRole('heading', { name: 'This dashboard link has been revoked' }),
    ).toBeInTheDocument();
    // Once: the page does not say "expired or was revoked" above the same news in other words.
    expect(page.textContent?.match(/revoked/gi)).toHaveLength(1);
  });

  it('dies when a read finds the link gone while watching', async () => {
    serve({ widget: 410 });
    renderView();
    await enter('Right#pass1');
    expect(await screen.findByTestId('link-dead')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(`ferrite-share:${UUID}`)).toBeNull());
  });

  it('goes straight back to the dashboard on a reload while its token lives', async () => {
    serve();
    sessionStorage.setItem(
      `ferrite-share:${UUID}`,
      JSON.stringify({ token: TOKEN, expires_at: '2099-01-01T00:00:00.000Z' }),
    );
    renderView();
    expect(await screen.findByRole('heading', { name: 'Line 1 overview' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it("draws a report's window: every widget reads it, and nothing live is merged in", async () => {
    const { calls } = serve();
    sessionStorage.setItem(
      `ferrite-share:${UUID}`,
      JSON.stringify({ token: TOKEN, expires_at: '2099-01-01T00:00:00.000Z' }),
    );
    const dataWindow = { from_date: '2026-04-01T12:00:00.000Z', to_date: '2026-04-08T12:00:00.000Z' };
    renderWithProviders(
      <MemoryRouter>
        <SharedDashboardView uuid={UUID} dataWindow={dataWindow} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/12\.50/)).toBeInTheDocument();
    const [read] = widgetReads(calls);
    expect(read?.query).toMatchObject(dataWindow);
    // The KPI's "last point" becomes buckets of the week, not the week's first raw points.
    expect(read?.query?.last).toBeUndefined();
    expect(read?.query?.type).toBe('aggregate');
    // In the reader's own date format, like every other date of the product.
    expect(screen.getByTestId('data-window')).toHaveTextContent(
      `${formatDateTime(dataWindow.from_date)} – ${formatDateTime(dataWindow.to_date)}`,
    );
    expect(rooms.some((r) => (r as { room: { kind: string } }).room.kind === 'sensor')).toBe(false);
  });

  it('reads the dashboard and its first panel once, the first read started by the route before the view loads', async () => {
    const { calls, fetchMock } = serve();
    sessionStorage.setItem(
      `ferrite-share:${UUID}`,
      JSON.stringify({ token: TOKEN, expires_at: '2099-01-01T00:00:00.000Z' }),
    );
    renderWithProviders(
      <MemoryRouter initialEntries={[`/dashboards/${UUID}`]}>
        <Routes>
          <Route path="dashboards/:uuid" element={<SharedDashboardPage />} />
        </Routes>
      </MemoryRouter>,
    );
    // The view's code is a lazy chunk still on its way; the route has already asked for the dashboard.
    expect(screen.queryByRole('heading', { name: 'Line 1 overview' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([`/api/dash_mgmt/dashboards/${UUID}/`]);

    expect(await screen.findByText(/12\.50/)).toBeInTheDocument();
    const reads = (path: string) => calls.filter((c) => c.path === path).length;
    expect(reads(`/api/dash_mgmt/dashboards/${UUID}/`)).toBe(1);
    expect(reads(`/api/dash_mgmt/details/${UUID}/panels/${PANEL_ID}`)).toBe(1);
    // Each widget read once: the read started with the panel is the one its card takes.
    expect(widgetReads(calls).map((read) => read.id)).toEqual(
      panelFixture().widget_instances.map((w) => w.id),
    );
  });

  it('starts the view and its first reads before the app renders when the page opens on a shared link', () => {
    const { fetchMock } = serve();
    sessionStorage.setItem(
      `ferrite-share:${UUID}`,
      JSON.stringify({ token: TOKEN, expires_at: '2099-01-01T00:00:00.000Z' }),
    );
    startSharedDashboardEarly('/user/login');
    startSharedDashboardEarly(`/dashboards/${UUID}/edit`);
    expect(fetchMock).not.toHaveBeenCalled();
    startSharedDashboardEarly(`/dashboards/${UUID}`);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([`/api/dash_mgmt/dashboards/${UUID}/`]);
  });
});
