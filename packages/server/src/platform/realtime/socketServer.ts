/**
 * socket.io at /api/socket (spec §7). A browser connects with its access token (or the socket token of
 * POST /dash_mgmt/orgs/{orgId}/fetch_token), then joins rooms (contracts `socketRoomSchema`) one by one;
 * each join checks the room belongs to the caller's organization and that the caller may read it.
 * Which rooms exist and who may join them comes from the modules that own them (their manifests'
 * `socketRooms`); a guest (the holder of a shared dashboard link) connects with a token a module
 * issued (`socketGuests`) and may join what that module allows; its sockets end when the module
 * announces the token's end.
 * The connection ends when the token expires, and the client reconnects with a fresh one. It ends
 * sooner, on every node, when the member's session ends (sessionEnds.ts): the socket is told why
 * (`session.ended`) and disconnected. With REDIS_URL, events reach browsers connected to any node.
 */

import {
  type SessionEndedEvent,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type SocketRoom,
  type SubscribeAck,
  socketRoomName,
  socketRoomSchema,
} from '@ferrite/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { loadAbilities } from '../authorization/abilities';
import { type AuthContext, resolveAccessToken } from '../http/authContext';
import type { AppDeps } from '../http/deps';
import type { SocketGuest, SocketGuests, SocketRoomRules } from '../module';
import { covers, RecentEnds, readAnnouncement, SESSIONS_ENDED } from './sessionEnds';

/** What the modules say about rooms: each kind's rule, and the guests they let in. */
export interface SocketAccess<D extends AppDeps> {
  rooms: SocketRoomRules<D>;
  guests: readonly SocketGuests<D>[];
}

/** Who is on the other end: a member's session, or a guest holding a module's token. */
type Viewer = { kind: 'member'; auth: AuthContext } | { kind: 'guest'; guest: SocketGuest };

/** Resolves a handshake token: an access token, a socket token, or a guest's token. */
async function resolveViewer<D extends AppDeps>(
  deps: D,
  access: SocketAccess<D>,
  token: string,
): Promise<Viewer | null> {
  const auth =
    (await resolveAccessToken(deps.db, deps.jwt, token)) ??
    (await resolveAccessToken(deps.db, deps.jwt, token, 'socket'));
  if (auth) return { kind: 'member', auth };
  for (const guests of access.guests) {
    const guest = await guests.resolve(deps, token);
    if (guest) return { kind: 'guest', guest };
  }
  return null;
}

export interface RunningSocketServer {
  io: Server;
  close(): Promise<void>;
}

/** Attaches socket.io to the app's HTTP server and hands it to the realtime hub. */
export async function attachSocketServer<D extends AppDeps>(
  app: FastifyInstance,
  deps: D,
  access: SocketAccess<D>,
): Promise<RunningSocketServer> {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false });
  const redis: Redis[] = [];
  if (deps.config.redisUrl) {
    const pub = new Redis(deps.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    pub.on('error', (error) => deps.log.warn({ err: error }, 'Redis (socket fan-out) error'));
    sub.on('error', (error) => deps.log.warn({ err: error }, 'Redis (socket fan-out) error'));
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  // Without Redis this node's browsers would miss other nodes' events: not ready while it is away.
  const unregisterRedis = deps.config.redisUrl
    ? deps.readiness.register('redis', async () => {
        const [pub, sub] = redis;
        if (pub?.status !== 'ready' || sub?.status !== 'ready') return false;
        return (await pub.ping()) === 'PONG';
      })
    : () => undefined;
  deps.metrics.readSocketsFrom(() => io.engine.clientsCount);

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return next(new Error('A token is required'));
    socket.data.checkedAt = Date.now();
    resolveViewer(deps, access, token)
      .then((viewer) => {
        if (!viewer) return next(new Error('The access token is invalid or has expired'));
        socket.data.viewer = viewer;
        const until = viewer.kind === 'member' ? viewer.auth.tokenExpiresAt : viewer.guest.expiresAt;
        const timer = setTimeout(() => socket.disconnect(true), Math.max(until.getTime() - Date.now(), 0));
        socket.once('disconnect', () => clearTimeout(timer));
        next();
      })
      .catch(() => next(new Error('Could not check the token')));
  });

  // A guest's token that ended (a link revoked, given a new password, its dashboard deleted): the
  // sockets in the room it was announced to go, on every node.
  const endEvents = new Set(access.guests.map((guests) => guests.endEvent));
  const stopListening = deps.realtime.listen((room, event) => {
    if (endEvents.has(event)) io.in(room).disconnectSockets(true);
  });

  const recentEnds = new RecentEnds();
  const stopHearingEnds = hearSessionEnds(io, deps, access, recentEnds);

  io.on('connection', (socket: Socket) => {
    const viewer = socket.data.viewer as Viewer;
    const since = socket.data.checkedAt as number;
    const ended = viewer.kind === 'member' ? recentEnds.endedFor(viewer.auth, since) : null;
    if (ended) return endSocket(socket, ended);
    socket.on(SOCKET_EVENTS.subscribe, (raw: unknown, ack?: (answer: SubscribeAck) => void) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      const parsed = socketRoomSchema.safeParse(raw);
      if (!parsed.success) return answer({ ok: false, error: 'Unknown room' });
      const viewer = socket.data.viewer as Viewer;
      const check =
        viewer.kind === 'member'
          ? mayJoin(deps, access.rooms, viewer.auth, parsed.data)
          : viewer.guest.joinProblem(parsed.data);
      check
        .then((problem) => {
          if (problem) return answer({ ok: false, error: problem });
          void socket.join(socketRoomName(parsed.data));
          answer({ ok: true });
        })
        .catch(() => answer({ ok: false, error: 'Could not check access to this room' }));
    });
    socket.on(SOCKET_EVENTS.unsubscribe, (raw: unknown, ack?: (answer: SubscribeAck) => void) => {
      const parsed = socketRoomSchema.safeParse(raw);
      if (parsed.success) void socket.leave(socketRoomName(parsed.data));
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  deps.realtime.attach(io);
  return {
    io,
    close: async () => {
      stopListening();
      stopHearingEnds();
      unregisterRedis();
      deps.metrics.readSocketsFrom(null);
      deps.realtime.detach();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      for (const client of redis) client.disconnect();
    },
  };
}

/**
 * Ended sessions' sockets on this node go (every node hears the announcement): told why, then
 * disconnected, which the client does not retry. After the bus lost messages, every socket's token is
 * checked again instead.
 */
function hearSessionEnds<D extends AppDeps>(
  io: Server,
  deps: D,
  access: SocketAccess<D>,
  recent: RecentEnds,
): () => void {
  const members = function* () {
    for (const socket of io.of('/').sockets.values()) {
      const viewer = socket.data.viewer as Viewer | undefined;
      if (viewer?.kind === 'member') yield { socket, auth: viewer.auth };
    }
  };
  return deps.bus.subscribe(SESSIONS_ENDED, {
    message: ({ payload }) => {
      const announcement = readAnnouncement(payload);
      if (!announcement) return;
      recent.add(announcement);
      for (const { socket, auth } of members()) {
        if (covers(announcement, auth)) endSocket(socket, announcement.reason);
      }
    },
    missed: () => void checkAgain(io, deps, access),
  });
}

/** Each socket's token checked again, one at a time (the pool serves requests meanwhile); the dead go. */
async function checkAgain<D extends AppDeps>(io: Server, deps: D, access: SocketAccess<D>): Promise<void> {
  for (const socket of [...io.of('/').sockets.values()]) {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || socket.disconnected) continue;
    try {
      if (!(await resolveViewer(deps, access, token))) socket.disconnect(true);
    } catch (error) {
      deps.log.warn({ err: error }, 'Could not check a socket after the bus was cut off');
      return;
    }
  }
}

/** Tells the socket why its session ended, then disconnects it (the client does not retry). */
function endSocket(socket: Socket, reason: SessionEndedEvent['reason']): void {
  const event: SessionEndedEvent = { reason };
  socket.emit(SOCKET_EVENTS.sessionEnded, event);
  socket.disconnect(true);
}

/** Why a member may not join the room, or null when they may. */
async function mayJoin<D extends AppDeps>(
  deps: D,
  rules: SocketRoomRules<D>,
  auth: AuthContext,
  room: SocketRoom,
): Promise<string | null> {
  const rule = rules[room.kind] as SocketRoomRules<D>[SocketRoom['kind']];
  if (!rule) return 'Unknown room';
  if ('membersRefused' in rule) return rule.membersRefused;
  if (!('orgId' in room) || room.orgId !== auth.orgId) return 'You can only follow your own organization';
  const abilities = await loadAbilities(deps.db, auth.orgId, auth.userId, auth.isPlatformAdmin);
  const allowed = rule.apps.some((app) => abilities.permissions.has(`${app}.view` as never));
  if (!allowed) return 'You may not view this';
  return (await (rule.exists as (deps: D, room: SocketRoom) => Promise<boolean>)(deps, room))
    ? null
    : 'Not found';
}
