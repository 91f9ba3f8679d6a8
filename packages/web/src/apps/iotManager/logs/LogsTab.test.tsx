import { type GatewayLog, MESSAGES } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { fakeIotServer, GATEWAY_ID, gatewayFixture } from '../testing';
import { LogsTab } from './LogsTab';

vi.mock('../../../app/socket', () => ({ useSocketRoom: () => 'offline' }));

// Drawers, selects and modals render for real; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = (id: string, overrides: Partial<GatewayLog> = {}): GatewayLog => ({
  id,
  gateway_id: GATEWAY_ID,
  ts: '2026-05-01T10:00:00.000Z',
  kind: 'telemetry',
  level: 'info',
  transport: 'http',
  message: `Stored 2 values (${id})`,
  payload: '{"temp":21.5,"hum":40}',
  points: 2,
  ...overrides,
});

function serve(logs: GatewayLog[]) {
  let current = logs;
  const server = fakeIotServer({
    [`GET /gateways/${GATEWAY_ID}/logs`]: () => ({ status: 200, body: { logs: current } }),
    [`DELETE /gateways/${GATEWAY_ID}/logs`]: () => {
      current = [];
      return { status: 204 };
    },
  });
  return server;
}

describe('Logs tab', () => {
  it('lists the latest lines newest first, with the payload unfolded on demand', async () => {
    const { calls } = serve([line('2', { level: 'warn', message: 'Unmapped field x' }), line('1')]);
    renderWithProviders(<LogsTab gateway={gatewayFixture()} canDelete />);
    const table = await screen.findByTestId('log-table');
    const rows = within(table)
      .getAllByRole('row')
      .filter((r) => r.hasAttribute('data-log'));
    expect(rows.map((r) => r.getAttribute('data-log'))).toEqual(['2', '1']);
    expect(rows[0]).toHaveAttribute('data-level', 'warn');
    const limit = new URL(calls.find((c) => c.path.endsWith('/logs'))?.url ?? 'http://x').searchParams.get(
      'limit',
    );
    expect(limit).toBe('100');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Show payload' }));
    expect(await screen.findByTestId('log-payload')).toHaveTextContent('"temp": 21.5');
  });

  it("asks 'Are you sure you want to delete logs data?' and deletes only on yes", async () => {
    const { calls } = serve([line('1')]);
    renderWithProviders(<LogsTab gateway={gatewayFixture()} canDelete />);
    await screen.findByTestId('log-table');

    fireEvent.click(screen.getByRole('button', { name: 'Delete logs' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent(MESSAGES.confirmDeleteLogs);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete logs' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByTestId('logs-empty')).toBeInTheDocument();
  });

  it('polls while auto sync is on without a live socket, and says so', async () => {
    serve([]);
    renderWithProviders(<LogsTab gateway={gatewayFixture()} canDelete={false} />);
    expect(await screen.findByTestId('logs-empty')).toBeInTheDocument();
    expect(screen.getByTestId('sync-state')).toHaveTextContent('Every 5 s');
    expect(screen.queryByRole('button', { name: 'Delete logs' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Auto sync' }));
    expect(screen.getByText('Paused')).toBeInTheDocument();
  });
});
