/**
 * The one socket.io connection of a session (spec §7 "a real-time socket at the API root", contracts
 * `SOCKET_PATH`). Views join rooms with `useSocketRoom(room, handlers)`; rooms are counted, so two views
 * of one gateway share one subscription. The handshake asks for the socket token of the current access
 * token (fetch_token, ./socketToken) each time it connects, so a reconnect after a token refresh (or a
 * refused handshake) signs in with a fresh one.
 *
 * The server disconnects a session that ended (`session.ended`, then a server disconnect, which socket.io
 * does not retry): the connection is forgotten and its rooms go offline; their views fall back to
 * requests, which find the session over.
 *
 * Events reach every handler of the connection whatever room they came through: handlers check the id
 * in the payload (gateway_id, sensor_id) when a view could share the connection with another room.
 */
import {
  type Alert,
  type AlertNotifiedEvent,
  type Command,
  type DashboardChangedEvent,
  type DashboardShareEndedEvent,
  type GatewayLog,
  type GatewayStatusEvent,
  type PipelineTraceEvent,
  type Rollout,
  type SensorValuesEvent,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type SocketRoom,
  type SubscribeAck,
  socketRoomName,
} from '@ferrite/contracts';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { io, type Socket } from 'socket.io-client';
import { type SessionState, selectAuthToken } from '../session/sessionSlice';
import { sessionSocketToken } from './socketToken';

/** What each server event carries. */
export interface SocketEventPayloads {
  [SOCKET_EVENTS.gatewayLog]: GatewayLog;
  [SOCKET_EVENTS.gatewayLogsCleared]: { gateway_id?: string };
  [SOCKET_EVENTS.gatewayStatus]: GatewayStatusEvent;
  [SOCKET_EVENTS.gatewayCommand]: Command;
  [SOCKET_EVENTS.gatewayRollout]: Rollout;
  [SOCKET_EVENTS.sensorValues]: SensorValuesEvent;
  [SOCKET_EVENTS.dashboardChanged]: DashboardChangedEvent;
  [SOCKET_EVENTS.dashboardShareEnded]: DashboardShareEndedEvent;
  'alert.changed': Alert;
  'alert.notified': AlertNotifiedEvent;
  'pipeline.trace': PipelineTraceEvent;
}
export type SocketEvent = keyof SocketEventPayloads;
export type SocketHandlers = { [E in SocketEvent]?: (payload: SocketEventPayloads[E]) => void };

/**
 * Where a room stands: `live` once the server acknowledged the subscription; `offline` while there is
 * no connection (callers fall back to polling); `refused` when the server said no.
 */
export type RoomStatus = 'idle' | 'connecting' | 'live' | 'offline' | 'refused';

/** The last connection is closed this long after its last room is left (tabs switch rooms quickly). */
export const IDLE_DISCONNECT_MS = 30_000;
/** A handshake the server refused (an expired token) is retried this long after, with the token of then. */
export const REFUSED_RETRY_MS = 5_000;
const ACK_TIMEOUT_MS = 10_000;

type TokenGetter = () => string | null | Promise<string | null>;

interface RoomEntry {
  room: SocketRoom;
  count: number;
  status: RoomStatus;
  listeners: Set<(status: RoomStatus) => void>;
}

let socket: Socket | null = null;
let sessionKey: string | null = null;
let readToken: TokenGetter = () => null;
let idleTimer: ReturnType<typeof setTimeout> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const rooms = new Map<string, RoomEntry>();

function setStatus(entry: RoomEntry, status: RoomStatus) {
  entry.status = status;
  for (const listener of entry.listeners) listener(status);
}

function subscribe(entry: RoomEntry) {
  const current = socket;
  if (!current?.connected) return;
  setStatus(entry, 'connecting');
  current
    .timeout(ACK_TIMEOUT_MS)
    .emit(SOCKET_EVENTS.subscribe, entry.room, (error: Error | null, ack?: SubscribeAck) => {
      // The room may have been left while the answer travelled.
      if (rooms.get(socketRoomName(entry.room)) !== entry) return;
      if (error || !ack) setStatus(entry, 'offline');
      else setStatus(entry, ack.ok ? 'live' : 'refused');
    });
}

function clearTimer(timer: ReturnType<typeof setTimeout> | null) {
  if (timer) clearTimeout(timer);
  return null;
}

/** Closes the connection and forgets it; rooms still held join again on the next connection. */
export function closeSocket(): void {
  idleTimer = clearTimer(idleTimer);
  retryTimer = clearTimer(retryTimer);
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  sessionKey = null;
  for (const entry of rooms.values()) setStatus(entry, 'offline');
}

/** The session's connection, opened on first use; another session (a new sign-in) gets a new one. */
function ensureSocket(key: string, tokenGetter: TokenGetter): Socket {
  readToken = tokenGetter;
  idleTimer = clearTimer(idleTimer);
  if (socket && sessionKey === key) return socket;
  if (socket) closeSocket();
  sessionKey = key;
  const created = io({
    path: SOCKET_PATH,
    // WebSocket first: one connection that a round-robin balancer keeps on one node for its life.
    // Long polling (socket.io's usual start) is several requests that must all reach the node holding
    // the session, which needs a sticky balancer; it is tried only where WebSocket is refused
    // (docs/deployment.md).
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // Called on every handshake, so reconnects carry the token of the moment.
    auth: (cb) => {
      void Promise.resolve(readToken()).then((token) => cb({ token: token ?? '' }));
    },
    reconnectionDelayMax: 10_000,
  });
  created.on('connect', () => {
    retryTimer = clearTimer(retryTimer);
    for (const entry of rooms.values()) subscribe(entry);
  });
  created.on('disconnect', (reason) => {
    for (const entry of rooms.values()) setStatus(entry, 'offline');
    // The server ends a connection when its token expires; socket.io does not retry a server's
    // disconnect, so the app connects again with the token of now (a session that ended was forgotten
    // by session.ended before this, and is not revived).
    if (reason === 'io server disconnect' && socket === created && rooms.size > 0) created.connect();
  });
  // The member's session ended (signed out, revoked, archived): the server disconnects for good, so the
  // connection is forgotten rather than kept for its rooms; a later sign-in opens a new one.
  created.on(SOCKET_EVENTS.sessionEnded, () => {
    if (socket === created) closeSocket();
  });
  created.on('connect_error', () => {
    for (const entry of rooms.values()) setStatus(entry, 'offline');
    // A handshake refused by the server is not retried by socket.io itself; transport errors are.
    if (!created.active && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (socket === created && rooms.size > 0) created.connect();
      }, REFUSED_RETRY_MS);
    }
  });
  socket = created;
  return created;
}

/** Joins a room (counted); answers the function that leaves it. */
function joinRoom(room: SocketRoom, onStatus: (status: RoomStatus) => void): () => void {
  const name = socketRoomName(room);
  let entry = rooms.get(name);
  if (!entry) {
    entry = { room, count: 0, status: 'connecting', listeners: new Set() };
    rooms.set(name, entry);
    if (socket?.connected) subscribe(entry);
    else entry.status = socket?.active ? 'connecting' : 'offline';
  }
  const held = entry;
  held.count += 1;
  held.listeners.add(onStatus);
  onStatus(held.status);
  return () => {
    held.listeners.delete(onStatus);
    held.count -= 1;
    if (held.count > 0) return;
    rooms.delete(name);
    if (socket?.connected) socket.emit(SOCKET_EVENTS.unsubscribe, held.room);
    if (rooms.size === 0) {
      idleTimer = clearTimer(idleTimer);
      idleTimer = setTimeout(closeSocket, IDLE_DISCONNECT_MS);
    }
  };
}

type WithSession = { session: SessionState };

/** How a view outside a session connects (the shared dashboard view, with its link's share token). */
export interface SocketRoomOptions {
  /** Connect with this token instead of the session's access token; null or '' waits for one. */
  token?: string | null;
}

/**
 * Joins `room` while the component is mounted (null: none) and calls the handlers on its events;
 * answers the room's status, `live` once the server confirmed the subscription. With `options.token`
 * the connection is that token's own (a shared link's viewer has no session).
 */
export function useSocketRoom(
  room: SocketRoom | null,
  handlers: SocketHandlers,
  options?: SocketRoomOptions,
): RoomStatus {
  const store = useStore<WithSession>();
  const [status, setRoomStatus] = useState<RoomStatus>('idle');
  const latest = useRef(handlers);
  latest.current = handlers;
  const name = room ? socketRoomName(room) : null;
  const roomRef = useRef(room);
  roomRef.current = room;
  // Which events to listen to is fixed per room: a handler changing between renders is read from the ref.
  const events = Object.keys(handlers).sort().join(',');

  const ownToken = options?.token;
  const usesOwnToken = options !== undefined && 'token' in options;

  useEffect(() => {
    const joined = roomRef.current;
    const { session } = store.getState();
    const token = usesOwnToken ? ownToken : selectAuthToken(store.getState());
    if (!name || !joined || !token) {
      setRoomStatus('idle');
      return;
    }
    const connection = usesOwnToken
      ? ensureSocket(`token:${token}`, () => token)
      : ensureSocket(`${session.userId}:${session.orgId}`, () => sessionSocketToken(store.getState));
    const offs = (events ? events.split(',') : []).map((event) => {
      const listener = (payload: unknown) => {
        const handler = latest.current[event as SocketEvent] as ((value: unknown) => void) | undefined;
        handler?.(payload);
      };
      connection.on(event, listener);
      return () => connection.off(event, listener);
    });
    const leave = joinRoom(joined, setRoomStatus);
    return () => {
      for (const off of offs) off();
      leave();
    };
  }, [name, events, store, usesOwnToken, ownToken]);

  return status;
}
