import { SOCKET_EVENTS, SOCKET_PATH, type SocketRoom } from '@ferrite/contracts';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionActions } from '../session/sessionSlice';
import { makeTestStore, mockFetch } from '../session/test-helpers';

/** A stand-in for socket.io's client socket: records emits, lets the test fire server events. */
class FakeSocket {
  connected = false;
  active = true;
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  emitted: { event: string; args: unknown[] }[] = [];
  ackWith: (room: SocketRoom) => unknown = () => ({ ok: true });
  auth: (cb: (data: object) => void) => void;
  constructor(options: { auth: (cb: (data: object) => void) => void }) {
    this.auth = options.auth;
  }
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  timeout() {
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    const ack = args[1];
    if (event === SOCKET_EVENTS.subscribe && typeof ack === 'function') {
      queueMicrotask(() => ack(null, this.ackWith(args[0] as SocketRoom)));
    }
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
  }
  connect() {
    this.active = true;
  }
  /** What the server would do: fire an event at the client. */
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The token the handshake would send now (asked of the server first, so it may take a moment). */
  handshakeToken(): Promise<string> {
    return new Promise((resolve) => this.auth((data) => resolve((data as { token: string }).token)));
  }
}

const created: FakeSocket[] = [];
const ioMock = vi.fn((options: { path: string; auth: (cb: (data: object) => void) => void }) => {
  const fake = new FakeSocket(options);
  created.push(fake);
  return fake;
});
vi.mock('socket.io-client', () => ({ io: (options: never) => ioMock(options) }));

const { useSocketRoom, closeSocket } = await import('./socket');
const { forgetSocketToken } = await import('./socketToken');

const ORG = '7d9b2a44-0c1e-4e6a-8f3b-5a2c9e1d4b22';
const GATEWAY = '1f0b2a44-0c1e-4e6a-8f3b-5a2c9e1d4b33';
const room: SocketRoom = { kind: 'gatewayLogs', orgId: ORG, gatewayId: GATEWAY };

function signedInStore(token = 'token-1') {
  const store = makeTestStore();
  store.dispatch(
    sessionActions.orgLoginSucceeded({ userId: 'u1', orgId: ORG, accessToken: token, expiresAt: null }),
  );
  return store;
}

function Probe({ onLog, onStatus }: { onLog: (message: string) => void; onStatus: (s: string) => void }) {
  const status = useSocketRoom(room, {
    [SOCKET_EVENTS.gatewayLog]: (log) => onLog(log.message),
  });
  onStatus(status);
  return null;
}

/** A shared-dashboard viewer: no session, the link's token. */
function SharedProbe() {
  useSocketRoom(room, {}, { token: 'share-token' });
  return null;
}

function mount(store: ReturnType<typeof makeTestStore>, children: ReactNode) {
  return render(<Provider store={store}>{children}</Provider>);
}

const flush = () => act(async () => Promise.resolve());

/** The dashboards API's fetch_token: a socket token named after the access token it was asked with. */
function serveSocketTokens(status = 200) {
  return mockFetch((req) => {
    if (req.path !== `/api/dash_mgmt/orgs/${ORG}/fetch_token` || req.method !== 'POST')
      return { status: 404 };
    if (status !== 200) return { status, body: { title: 'Forbidden', status } };
    const access = req.headers.get('authorization')?.replace('Bearer ', '');
    const expires_at = new Date(Date.now() + 600_000).toISOString();
    return { status: 200, body: { token: `socket-for-${access}`, expires_at } };
  });
}

beforeEach(() => {
  created.length = 0;
  ioMock.mockClear();
  forgetSocketToken();
});
afterEach(() => {
  cleanup();
  closeSocket();
  vi.unstubAllGlobals();
});

describe('useSocketRoom', () => {
  it('connects once at the socket path with the socket token of fetch_token and subscribes on connect', async () => {
    const { calls } = serveSocketTokens();
    const store = signedInStore();
    const statuses: string[] = [];
    const logs: string[] = [];
    mount(
      store,
      <>
        <Probe onLog={(m) => logs.push(m)} onStatus={(s) => statuses.push(s)} />
        <Probe onLog={() => {}} onStatus={() => {}} />
      </>,
    );
    expect(ioMock).toHaveBeenCalledTimes(1);
    expect(ioMock.mock.calls[0]?.[0].path).toBe(SOCKET_PATH);
    const fake = created[0]!;
    expect(await fake.handshakeToken()).toBe('socket-for-token-1');
    // Kept for the next handshake of the same access token.
    expect(await fake.handshakeToken()).toBe('socket-for-token-1');
    expect(calls).toHaveLength(1);

    fake.connected = true;
    act(() => fake.fire('connect'));
    await flush();
    // Two views of one room: one subscription.
    const subscribes = fake.emitted.filter((e) => e.event === SOCKET_EVENTS.subscribe);
    expect(subscribes).toHaveLength(1);
    expect(subscribes[0]?.args[0]).toEqual(room);
    expect(statuses.at(-1)).toBe('live');

    act(() => fake.fire(SOCKET_EVENTS.gatewayLog, { message: 'temp=21.5' }));
    expect(logs).toEqual(['temp=21.5']);
  });

  it('connects by WebSocket first and falls back to long polling only when WebSocket is refused', () => {
    serveSocketTokens();
    mount(signedInStore(), <Probe onLog={() => {}} onStatus={() => {}} />);
    // A round-robin balancer then needs no stickiness: polling's several requests would.
    expect(ioMock.mock.calls[0]?.[0]).toMatchObject({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    });
  });

  it('re-authenticates with a socket token of the refreshed access token and subscribes again after a reconnect', async () => {
    serveSocketTokens();
    const store = signedInStore('old');
    const statuses: string[] = [];
    mount(store, <Probe onLog={() => {}} onStatus={(s) => statuses.push(s)} />);
    const fake = created[0]!;
    fake.connected = true;
    act(() => fake.fire('connect'));
    await flush();

    fake.connected = false;
    act(() => fake.fire('disconnect', 'transport close'));
    expect(statuses.at(-1)).toBe('offline');

    store.dispatch(sessionActions.tokensRefreshed({ accessToken: 'fresh', expiresAt: null }));
    expect(await fake.handshakeToken()).toBe('socket-for-fresh');
    fake.connected = true;
    act(() => fake.fire('connect'));
    await flush();
    expect(fake.emitted.filter((e) => e.event === SOCKET_EVENTS.subscribe)).toHaveLength(2);
    expect(statuses.at(-1)).toBe('live');
  });

  it('connects again with a fresh token when the server ends the connection at its token expiry', async () => {
    serveSocketTokens();
    const store = signedInStore('old');
    const statuses: string[] = [];
    mount(store, <Probe onLog={() => {}} onStatus={(s) => statuses.push(s)} />);
    const fake = created[0]!;
    fake.connected = true;
    act(() => fake.fire('connect'));
    await flush();

    store.dispatch(sessionActions.tokensRefreshed({ accessToken: 'fresh', expiresAt: null }));
    fake.disconnect();
    act(() => fake.fire('disconnect', 'io server disconnect'));
    expect(statuses.at(-1)).toBe('offline');
    expect(fake.active).toBe(true);
    expect(await fake.handshakeToken()).toBe('socket-for-fresh');
    fake.connected = true;
    act(() => fake.fire('connect'));
    await flush();
    expect(statuses.at(-1)).toBe('live');
  });

  it('stops for good when the server ends the session, and a later sign-in connects afresh', async () => {
    serveSocketTokens();
    const statuses: string[] = [];
    const view = mount(signedInStore(), <Probe onLog={() => {}} onStatus={(s) => statuses.push(s)} />);
    const fake = created[0]!;
    fake.connected = true;
    act(() => fake.fire('connect'));
    await flush();
    expect(statuses.at(-1)).toBe('live');

    act(() => fake.fire(SOCKET_EVENTS.sessionEnded, { reason: 'signed_out' }));
    // socket.io does not retry a server disconnect; nor does the app with the ended session's token.
    expect(fake.active).toBe(false);
    expect(statuses.at(-1)).toBe('offline');
    view.unmount();

    mount(signedInStore('token-2'), <Probe onLog={() => {}} onStatus={() => {}} />);
    expect(ioMock).toHaveBeenCalledTimes(2);
    expect(await created[1]!.handshakeToken()).toBe('socket-for-token-2');
  });

  it('reports a refused subscription and leaves the room on unmount', async () => {
    const store = signedInStore();
    const statuses: string[] = [];
    const view = mount(store, <Probe onLog={() => {}} onStatus={(s) => statuses.push(s)} />);
    const fake = created[0]!;
    fake.ackWith = () => ({ ok: false, error: 'Forbidden' });
    fake.connected = true;
    act(() => fake.fire('connect'));
    await flush();
    expect(statuses.at(-1)).toBe('refused');
    view.unmount();
    expect(fake.emitted.at(-1)).toEqual({ event: SOCKET_EVENTS.unsubscribe, args: [room] });
  });

  it('a member without the Dashboards app (fetch_token refused) connects with the access token', async () => {
    serveSocketTokens(403);
    const store = signedInStore('iot-only');
    mount(store, <Probe onLog={() => {}} onStatus={() => {}} />);
    expect(await created[0]!.handshakeToken()).toBe('iot-only');
  });

  it('a shared link viewer connects with the link token and never asks fetch_token', async () => {
    const { calls } = serveSocketTokens();
    mount(makeTestStore(), <SharedProbe />);
    expect(await created[0]!.handshakeToken()).toBe('share-token');
    expect(calls).toHaveLength(0);
  });

  it('does not connect without a session', () => {
    const store = makeTestStore();
    mount(store, <Probe onLog={() => {}} onStatus={() => {}} />);
    expect(ioMock).not.toHaveBeenCalled();
  });
});
