/**
 * The one shape of a server module (the twin of the web's `apps/<key>/index.ts` manifests). Each
 * module's `index.ts` exports its manifest and its public API; the composition root (`src/app/`)
 * lists the manifests in `SERVER_MODULES` and wires what they declare: routes under /api, socket rooms
 * and who may join them, durable jobs, telemetry subscribers and anything the module starts. Adding a
 * module therefore touches no file here.
 *
 * `D` is what the module's parts receive: the platform's `AppDeps`, plus whatever services the root
 * hands to modules that declare they need them (the device services, for example).
 */
import type { AppKey, SocketRoom } from '@ferrite/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './http/deps';
import type { JobDefinition } from './jobs/jobQueue';

/** One room kind's rule for members: the view right it needs (any one app's) and whether it exists. */
export type SocketRoomRule<D, Room extends SocketRoom = SocketRoom> =
  | {
      /** A member may join with the `view` right of any one of these apps. */
      apps: readonly AppKey[];
      /** Whether what the room names exists in the member's organization (`room.orgId` is theirs). */
      exists(deps: D, room: Room): Promise<boolean>;
    }
  | {
      /** A room only guests join: what a member who tries is told. */
      membersRefused: string;
    };

/** The room kinds a module owns, each with its rule. */
export type SocketRoomRules<D> = {
  [K in SocketRoom['kind']]?: SocketRoomRule<D, Extract<SocketRoom, { kind: K }>>;
};

/** Someone who is not a member but holds a token a module issued (a shared dashboard link). */
export interface SocketGuest {
  /** When the token ends: the socket is closed then. */
  expiresAt: Date;
  /** Why the guest may not join the room, or null when they may (asked again on every join). */
  joinProblem(room: SocketRoom): Promise<string | null>;
}

/** The guests a module lets in. */
export interface SocketGuests<D> {
  /** The guest a handshake token names, or null when it is not one of this module's tokens. */
  resolve(deps: D, token: string): Promise<SocketGuest | null>;
  /** The event that, sent to a room, ends the guests' sockets in it on every node (a link revoked). */
  endEvent: string;
}

/**
 * The points of one stored run: one sensor parameter's readings, already durable. Ingest hands every
 * subscriber each batch it wrote, in order per sensor, on the node that stored it.
 */
export interface DurableRun {
  readonly orgId: string;
  readonly sensorId: string;
  readonly paramKey: string;
  /** Epoch milliseconds (microseconds as the fraction), one per value. */
  readonly ts: ArrayLike<number>;
  readonly values: ArrayLike<number>;
}

/** What a module does with telemetry once it is durable (alerts, stream logic, live values). */
export interface TelemetrySubscriber {
  /** Named in the log when it fails or falls behind. */
  name: string;
  /** One written batch. A slow answer slows only this subscriber's own queue; a throw is logged. */
  onBatch(runs: readonly DurableRun[]): Promise<void> | void;
  /** Hands on what is still held (at shutdown or when a test wants it now). */
  flush?(): Promise<void> | void;
}

/** Something a module started that must stop with the platform (device transports, a listener). */
export interface Started {
  stop(): Promise<void>;
}

export interface ServerModule<D extends AppDeps = AppDeps> {
  /** Unique, camelCase; the app key when the module serves a workspace app. */
  key: string;
  /** Its HTTP routes, mounted under /api. */
  routes?: FastifyPluginAsync<D>;
  /** The socket room kinds it owns. */
  socketRooms?: SocketRoomRules<D>;
  /** Handshake tokens it issues to non-members. */
  socketGuests?: SocketGuests<D>;
  /** Its durable jobs (cron chores and delayed work), run once across nodes. */
  jobs?(deps: D): JobDefinition<never>[];
  /** Its subscriber to durable telemetry. */
  onTelemetry?(deps: D): TelemetrySubscriber;
  /** Runs once the HTTP app is listening; what it answers is stopped first at shutdown. */
  start?(deps: D): Promise<Started | undefined>;
}

/** Declares a module (typed; the root checks keys are unique). */
export function defineModule<D extends AppDeps>(module: ServerModule<D>): ServerModule<D> {
  return module;
}
