import { type AlertListResponse, SOCKET_EVENTS } from '@ferrite/contracts';
import { act, cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../../app/fakeSocket';
import { createStore } from '../../../app/store';
import { sessionActions } from '../../../session/sessionSlice';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { ALERTS_ALL, alertFixture, fakeAlertsServer, ORG_ID } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 8_000 });
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
const { Inbox } = await import('./Inbox');

beforeAll(installDomShims);
beforeEach(() => {
  sockets.length = 0;
});
afterEach(() => {
  cleanup();
  closeSocket();
  vi.unstubAllGlobals();
});

describe('My Inbox, live', () => {
  it('joins the organization’s alert room and shows a new alert when one is raised', async () => {
    const first = alertFixture({ description: 'Bearing at 91 °C' });
    const raised = alertFixture({ description: 'Flow dropped to 2 m³/h', severity: 'warning' });
    let alerts = [first];
    fakeAlertsServer({
      'GET /alert': () => ({
        status: 200,
        body: {
          alerts,
          total_entries: alerts.length,
          counts: { active: alerts.length, archived: 0 },
          abilities: ALERTS_ALL,
        } satisfies AlertListResponse,
      }),
    });
    const store = createStore();
    store.dispatch(
      sessionActions.orgLoginSucceeded({
        userId: 'u1',
        orgId: ORG_ID,
        accessToken: 'token-1',
        expiresAt: null,
      }),
    );
    renderWithProviders(<Inbox onOpen={vi.fn()} />, { store });
    await screen.findByText('Bearing at 91 °C');
    const socket = sockets.at(-1);
    if (!socket) throw new Error('the inbox opened no socket');
    act(() => socket.open());
    await vi.waitFor(() =>
      expect(
        socket.emitted.filter((e) => e.event === SOCKET_EVENTS.subscribe).map((e) => e.args[0]),
      ).toContainEqual({
        kind: 'orgAlerts',
        orgId: ORG_ID,
      }),
    );
    alerts = [raised, first];
    act(() => socket.fire('alert.changed', raised));
    expect(await screen.findByText('Flow dropped to 2 m³/h')).toBeInTheDocument();
    expect(screen.getByTestId('tab-count-active')).toHaveTextContent('2');
  });
});
