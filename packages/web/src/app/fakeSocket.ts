/**
 * Test-only: socket.io's client socket as far as app/socket.ts uses it. It records emits, acknowledges
 * every subscription, and lets a test fire server events. Mock the client with it:
 *
 *   const sockets: FakeSocket[] = [];
 *   vi.mock('socket.io-client', async () => {
 *     const { FakeSocket } = await import('../app/fakeSocket');
 *     return { io: (options: never) => { const s = new FakeSocket(options); sockets.push(s); return s; } };
 *   });
 *   socket.open();                       // connected: rooms subscribe
 *   socket.fire('sensor.values', {...}); // a server event
 */
import { SOCKET_EVENTS } from '@ferrite/contracts';

type Listener = (...args: unknown[]) => void;

/** A socket.io client socket stand-in. */
export class FakeSocket {
  connected = false;
  active = true;
  handlers = new Map<string, Set<Listener>>();
  emitted: { event: string; args: unknown[] }[] = [];
  constructor(readonly options: { auth: (cb: (data: { token: string }) => void) => void }) {}
  on(event: string, handler: Listener) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }
  off(event: string, handler: Listener) {
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
    if (event === SOCKET_EVENTS.subscribe && typeof ack === 'function')
      queueMicrotask(() => ack(null, { ok: true }));
    return this;
  }
  disconnect() {
    this.connected = false;
  }
  connect() {}
  /** The server accepted the handshake. */
  open() {
    this.connected = true;
    this.fire('connect');
  }
  /** The connection dropped. */
  drop() {
    this.connected = false;
    this.fire('disconnect');
  }
  /** The token the next handshake sends (app/socket.ts may ask the server for it first, so it is awaited). */
  handshakeToken(): Promise<string> {
    return new Promise((resolve) => this.options.auth((data) => resolve(data.token)));
  }
  /** Delivers a server event to the socket's listeners. */
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}
