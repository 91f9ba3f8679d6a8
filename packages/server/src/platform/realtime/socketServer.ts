/**
 * socket.io at /api/socket (spec §7). A browser connects with its access token (or the socket token of
 * POST /dash_mgmt/orgs/{orgId}/fetch_token), then joins rooms (contracts `socketRoomSchema`) one by one;
 * each join checks the room belongs to the caller's organization and that the caller may read it.
 * A shared-dashboard viewer connects with its link's share token and may join only that link's room
 * and the sensor rooms its dashboard reads; when the link is revoked its sockets are disconnected.
 * The connection ends when the token expires, and the client reconnects with a fresh one. With
 * REDIS_URL, events reach browsers connected to any node.
 */

import {
  type AppKey,
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
import {
  dashboardExists,
  shareJoinProblem,
  shareSocketScope,
} from '../../modules/dashboards/sharing/socketAccess';
import { loadAbilities } from '../authorization/abilities';
import type { Db } from '../db/database';
import { type AuthContext, resolveAccessToken } from '../http/authContext';
import type { AppDeps } from '../http/deps';

/** Which app's view right each room needs (any one of them). */
const ROOM_APPS: Record<SocketRoom['kind'], AppKey[]> = {
  gatewayLogs: ['iotManager'],
  projectGateways: ['iotManager'],
  sensor: [
    'entityManager',
    'dashboards',
    'iotManager',
    'digitalTwin',
    'dataInsights',
    'reportWizard',
    'alerts',
  ],
  dashboard: ['dashboards'],
  // Only for sockets of share tokens (see shareJoinProblem); members never join it.
  sharedDashboard: [],
};

/** Who is on the other end: a member's session, or the holder of a shared link's token. */
type Viewer = { kind: 'member'; auth: AuthContext } | { kind: 'share'; token: string; expiresAt: Date };

/** Resolves a handshake token: an access token, a socket token, or a share token. */
async function resolveViewer(deps: AppDeps, token: string): Promise<Viewer | null> {
  const auth =
    (await resolveAccessToken(deps.db, deps.jwt, token)) ??
    (await resolveAccessToken(deps.db, deps.jwt, token, 'socket'));
  if (auth) return { kind: 'member', auth };
  const scope = await shareSocketScope(deps.db, deps.jwt, token);
  return scope ? { kind: 'share', token, expiresAt: scope.expiresAt } : null;
}

export interface RunningSocketServer {
  io: Server;
  close(): Promise<void>;
}

/** Attaches socket.io to the app's HTTP server and hands it to the realtime hub. */
export async function attachSocketServer(app: FastifyInstance, deps: AppDeps): Promise<RunningSocketServer> {
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

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return next(new Error('A token is required'));
    resolveViewer(deps, token)
      .then((viewer) => {
        if (!viewer) return next(new Error('The access token is invalid or has expired'));
        socket.data.viewer = viewer;
        const until = viewer.kind === 'member' ? viewer.auth.tokenExpiresAt : viewer.expiresAt;
        const timer = setTimeout(() => socket.disconnect(true), Math.max(until.getTime() - Date.now(), 0));
        socket.once('disconnect', () => clearTimeout(timer));
        next();
      })
      .catch(() => next(new Error('Could not check the token')));
  });

  // A link that ended (revoked, new password, dashboard deleted): its viewers' sockets go, on every node.
  const stopListening = deps.realtime.listen((room, event) => {
    if (event === SOCKET_EVENTS.dashboardShareEnded) io.in(room).disconnectSockets(true);
  });

  io.on('connection', (socket: Socket) => {
    socket.on(SOCKET_EVENTS.subscribe, (raw: unknown, ack?: (answer: SubscribeAck) => void) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      const parsed = socketRoomSchema.safeParse(raw);
      if (!parsed.success) return answer({ ok: false, error: 'Unknown room' });
      const viewer = socket.data.viewer as Viewer;
      const check =
        viewer.kind === 'member'
          ? mayJoin(deps.db, viewer.auth, parsed.data)
          : shareJoinProblem(deps.db, deps.jwt, viewer.token, parsed.data);
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
      deps.realtime.detach();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      for (const client of redis) client.disconnect();
    },
  };
}

/** Why the caller may not join the room, or null when they may. */
async function mayJoin(db: Db, auth: AuthContext, room: SocketRoom): Promise<string | null> {
  if (room.kind === 'sharedDashboard') return 'Open the shared link to follow it';
  if (room.orgId !== auth.orgId) return 'You can only follow your own organization';
  const abilities = await loadAbilities(db, auth.orgId, auth.userId, auth.isPlatformAdmin);
  const allowed = ROOM_APPS[room.kind].some((app) => abilities.permissions.has(`${app}.view` as never));
  if (!allowed) return 'You may not view this';
  return (await roomExists(db, room)) ? null : 'Not found';
}

/** Whether what a member's room names exists in its organization. */
async function roomExists(db: Db, room: Exclude<SocketRoom, { kind: 'sharedDashboard' }>): Promise<boolean> {
  switch (room.kind) {
    case 'gatewayLogs':
      return Boolean(
        await db
          .selectFrom('gateways')
          .select('id')
          .where('org_id', '=', room.orgId)
          .where('id', '=', room.gatewayId)
          .executeTakeFirst(),
      );
    case 'projectGateways':
      return Boolean(
        await db
          .selectFrom('projects')
          .select('id')
          .where('org_id', '=', room.orgId)
          .where('id', '=', room.projectId)
          .executeTakeFirst(),
      );
    case 'sensor':
      return Boolean(
        await db
          .selectFrom('entities')
          .select('id')
          .where('org_id', '=', room.orgId)
          .where('id', '=', room.sensorId)
          .where('kind', '=', 'sensor')
          .executeTakeFirst(),
      );
    case 'dashboard':
      return dashboardExists(db, room.orgId, room.dashboardId);
  }
}
