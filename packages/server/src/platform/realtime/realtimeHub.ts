/**
 * Where server code announces live changes (gateway logs, statuses, sensor values). The socket.io
 * server attaches itself once the HTTP server exists; until then, and in tests without sockets,
 * events go only to local listeners. With `REDIS_URL` the socket.io Redis adapter fans them out to
 * every node.
 */
import type { Server } from 'socket.io';

type Listener = (room: string, event: string, payload: unknown) => void;

export class RealtimeHub {
  private io: Server | null = null;
  private readonly listeners = new Set<Listener>();

  /** Sends an event to everyone in a room (see contracts `socketRoomName`). */
  emit(room: string, event: string, payload: unknown): void {
    this.io?.to(room).emit(event, payload);
    for (const listener of this.listeners) listener(room, event, payload);
  }

  /** Hands the hub the socket.io server that reaches browsers. */
  attach(io: Server): void {
    this.io = io;
  }

  detach(): void {
    this.io = null;
  }

  /** In-process observers (tests, stream logic); answers an unsubscribe function. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
