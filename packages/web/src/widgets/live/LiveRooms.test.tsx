import { SOCKET_EVENTS, type SocketRoom } from '@ferrite/contracts';
import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../app/fakeSocket';
import { makeTestStore } from '../../session/test-helpers';
import { LiveStore } from './liveStore';

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../app/fakeSocket');
  return {
    io: (options: never) => {
      const fake = new FakeSocket(options);
      sockets.push(fake);
      return fake;
    },
  };
});
const { closeSocket } = await import('../../app/socket');
const { SensorRooms, sensorsOf, useDashboardRoom } = await import('./LiveRooms');

const ORG = '7d9b2a44-0c1e-4e6a-8f3b-5a2c9e1d4b22';
const S1 = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a31';
const S2 = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a32';
const UUID = '9a0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a99';
const flush = () => act(async () => Promise.resolve());

beforeEach(() => {
  sockets.length = 0;
});
afterEach(() => {
  cleanup();
  closeSocket();
});

function SharedRoom({ onEnded }: { onEnded: (reason: string) => void }) {
  useDashboardRoom({
    room: { kind: 'sharedDashboard', uuid: UUID },
    options: { token: 'share-token' },
    onChanged: () => {},
    onShareEnded: (event) => onEnded(event.reason),
  });
  return null;
}

describe('live rooms of a dashboard', () => {
  it('reads each sensor once however many widgets show it', () => {
    expect(sensorsOf([[{ sensor_id: S2 }], [{ sensor_id: S1 }, { sensor_id: S2 }], []])).toEqual(
      [S1, S2].sort(),
    );
  });

  it('follows a shared link on its own socket with the share token, no session needed', async () => {
    const live = new LiveStore();
    const ended: string[] = [];
    const onResume = vi.fn();
    render(
      <Provider store={makeTestStore()}>
        <SharedRoom onEnded={(r) => ended.push(r)} />
        <SensorRooms
          orgId={ORG}
          sensorIds={[S1, S2]}
          live={live}
          options={{ token: 'share-token' }}
          onResume={onResume}
        />
      </Provider>,
    );
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    expect(await socket.handshakeToken()).toBe('share-token');
    socket.connected = true;
    act(() => socket.fire('connect'));
    await flush();
    const joined = socket.emitted
      .filter((e) => e.event === SOCKET_EVENTS.subscribe)
      .map((e) => e.args[0] as SocketRoom);
    expect(joined).toEqual(
      expect.arrayContaining([
        { kind: 'sharedDashboard', uuid: UUID },
        { kind: 'sensor', orgId: ORG, sensorId: S1 },
        { kind: 'sensor', orgId: ORG, sensorId: S2 },
      ]),
    );
    expect(joined).toHaveLength(3);

    // Values land in the store once, under their sensor, whichever room handler hears them.
    act(() =>
      socket.fire(SOCKET_EVENTS.sensorValues, {
        sensor_id: S1,
        values: [{ param_key: 'power', ts: '2026-05-01T10:00:00.000Z', value: 5 }],
      }),
    );
    expect(live.get(`${S1}:power`)).toEqual([{ ts: '2026-05-01T10:00:00.000Z', value: 5 }]);

    // A dropped connection comes back, joins again and asks the widgets to catch up.
    socket.connected = false;
    act(() => socket.fire('disconnect'));
    socket.connected = true;
    act(() => socket.fire('connect'));
    await flush();
    expect(socket.emitted.filter((e) => e.event === SOCKET_EVENTS.subscribe)).toHaveLength(6);
    expect(onResume).toHaveBeenCalled();

    act(() => socket.fire(SOCKET_EVENTS.dashboardShareEnded, { uuid: UUID, reason: 'revoked' }));
    expect(ended).toEqual(['revoked']);
  });
});
