/**
 * Ingest through an external broker (MQTT_URL, e.g. Mosquitto or EMQX): every Ferrite node joins the
 * MQTT 5 shared subscription `$share/<MQTT_SHARE_GROUP>/#`, so the broker splits device traffic across
 * nodes. Several connections (persistent sessions, `shareSession.ts`) multiply the broker's in-flight
 * window (Mosquitto sends at most max_inflight_messages unacknowledged messages per client).
 *
 * The share moves with the nodes. The broker keeps routing a member's turn into its session while the
 * member is away, and drops what passes its queue limit, so:
 * - a stopping node hands its share over (`close`): unsubscribes, answers what the broker had queued,
 *   ends its sessions; when it is the last node it keeps them instead, for its restart;
 * - a crashed node is noticed by the others (the registry, `nodeRegistry.ts`: a heartbeat a second) and
 *   one survivor takes its sessions over within seconds (`sessionAdoption.ts`);
 * - a session expires SESSION_EXPIRY_S after its connection drops: long enough for a restart, short
 *   enough that a node nobody takes over stops taking its turn.
 * Device credentials live in the broker: with MQTT_DYNSEC_* set, brokerCredentials.ts keeps one Mosquitto
 * dynamic-security account per gateway; otherwise they are the broker's own business.
 */
import { hostname } from 'node:os';
import type { DeviceCommand } from '@ferrite/contracts';
import { MQTT_COMMANDS_SUFFIX } from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../../../../platform/db/database';
import type { DeviceCommands } from '../../deviceCommands';
import type { CommandTarget, DeviceLinkHub } from '../../deviceLink';
import type { IngestService } from '../../ingestService';
import { DeliveryReceipts } from './deliveryReceipts';
import { routeGatewayMessage } from './messageRouter';
import { NodeHeartbeat } from './nodeHeartbeat';
import { NodeRegistry } from './nodeRegistry';
import type { AdoptionOutcome } from './sessionAdoption';
import { type ShareMessageHandler, ShareSession } from './shareSession';
import { topicOwner } from './topics';

export interface ExternalBrokerOptions {
  url: string;
  /** Stable across restarts, so the broker keeps this node's sessions. */
  nodeId?: string;
  /** The shared subscription's group: every node of one deployment, and no other, uses it. */
  shareGroup: string;
  connections?: number;
  db: Db;
  ingest: IngestService;
  deviceCommands: DeviceCommands;
  deviceLink: DeviceLinkHub;
  log: Logger;
  /** The cluster's clock (ms); tests may shorten it. */
  timing?: Partial<ClusterTiming>;
  /** Told of each takeover of a silent node's sessions, once it ends (tests, metrics). */
  onTakeover?: (nodeId: string, outcome: AdoptionOutcome) => void;
}

export interface ClusterTiming {
  /** How often a node says it is alive. */
  heartbeatMs: number;
  /** How long a node may be silent before a survivor takes its sessions over. */
  silentMs: number;
  /** How long a stopping node spends handing its share over before it leaves it to an adopter. */
  handOverMs: number;
  /** How long a survivor spends on one takeover before it gives the claim back (and tries again). */
  adoptionMs: number;
}

/** What a stop did with this node's share. */
export interface Handover {
  /** True when every session was emptied and ended, so the other nodes receive the whole share. */
  handedOver: boolean;
  /** Why not: the last node keeps its sessions for its restart; otherwise a survivor takes them over. */
  reason: 'handed over' | 'last node' | 'unfinished';
  /** Messages this node acknowledged while it ran, and how many of them were the broker's second tries. */
  acknowledged: number;
  redelivered: number;
}

export interface RunningSubscriber {
  /** Hands this node's share over (bounded by handOverMs) and stops; what the runtime's stop awaits. */
  close(): Promise<Handover>;
  /** Stops as a crash would: connections cut without DISCONNECT, no heartbeat, nothing handed over. */
  halt(): void;
  /** Whether the broker answers: a session is connected (each reconnects by itself), for /api/ready. */
  connected(): boolean;
}

/** The group before MQTT_SHARE_GROUP existed: a session from then is unsubscribed from it. */
const LEGACY_GROUP = 'ferrite';
const SESSION_EXPIRY_S = 10 * 60;
const DEFAULT_TIMING: ClusterTiming = {
  heartbeatMs: 1000,
  silentMs: 3000,
  handOverMs: 5000,
  adoptionMs: 10_000,
};

/** The client id of a node's index-th broker session. */
export function sessionClientId(nodeId: string, index: number): string {
  return `ferrite-ingest-${nodeId}-${index}`;
}

/** The shared subscription of a group. */
export function shareFilter(group: string): string {
  return `$share/${group}/#`;
}

/** Connects the subscriber pool and joins the registry; resolves once every connection has subscribed. */
export async function startExternalSubscriber(options: ExternalBrokerOptions): Promise<RunningSubscriber> {
  const { ingest, deviceLink, log, shareGroup } = options;
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const nodeId = options.nodeId ?? hostname();
  const count = options.connections ?? 4;
  const registry = new NodeRegistry(options.db);
  const receipts = new DeliveryReceipts(options.db, log);
  const handle = gatewayMessages(options, receipts);
  const onAcknowledged = (clientId: string, packetId: number) => receipts.forget(clientId, packetId);
  // Alive before connecting: a survivor taking these sessions over backs off instead of cutting in.
  await registry.announce(nodeId, shareGroup, count);
  // Back from a crash while a survivor empties our sessions: let it finish (bounded) rather than cut in,
  // which would have the broker send again everything the survivor had not acknowledged yet.
  const waitUntil = Date.now() + timing.adoptionMs + timing.heartbeatMs;
  while ((await registry.beingAdopted(nodeId)) && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const sessions = Array.from(
    { length: count },
    (_, index) =>
      new ShareSession({
        url: options.url,
        clientId: sessionClientId(nodeId, index),
        filter: shareFilter(shareGroup),
        subscribe: true,
        staleFilters: shareGroup === LEGACY_GROUP ? [] : [shareFilter(LEGACY_GROUP)],
        sessionExpiryS: SESSION_EXPIRY_S,
        reconnect: true,
        handle,
        onAcknowledged,
        log,
      }),
  );
  try {
    await Promise.all(sessions.map((session) => session.ready));
  } catch (error) {
    for (const session of sessions) session.halt();
    throw error;
  }
  // Only now someone a stopping node may hand its share to: the broker has somewhere to send it.
  await registry.subscribed(nodeId);
  log.info(
    { url: redact(options.url), connections: count, shareGroup, node: nodeId },
    'MQTT: reading devices through the external broker',
  );

  const heartbeat = new NodeHeartbeat({
    nodeId,
    shareGroup,
    registry,
    log,
    ...timing,
    adoption: {
      url: options.url,
      handle,
      onAcknowledged,
      sessionExpiryS: SESSION_EXPIRY_S,
      clientIdOf: sessionClientId,
      filterOf: shareFilter,
    },
    ...(options.onTakeover ? { onTakeover: options.onTakeover } : {}),
  });

  const publisher = (sessions[0] as ShareSession).client;
  deviceLink.setPusher(async (target: CommandTarget, command: DeviceCommand) => {
    // A blocked gateway's command topic may be another gateway's telemetry: nothing is published there.
    if ((await ingest.directory.byId(target.id))?.topicBlocked !== false) return false;
    return new Promise<boolean>((resolve, reject) =>
      publisher.publish(target.topic + MQTT_COMMANDS_SUFFIX, JSON.stringify(command), { qos: 1 }, (error) =>
        error ? reject(error) : resolve(true),
      ),
    );
  });

  let closing: Promise<Handover> | null = null;
  const close = async (): Promise<Handover> => {
    deviceLink.setPusher(null);
    await heartbeat.stopTakingOver();
    // Still heartbeating while handing over, so no survivor cuts in; but no longer anyone to hand over to.
    await registry.stopping(nodeId).catch(() => undefined);
    const survivors = await registry.othersAlive(nodeId, shareGroup, timing.silentMs).catch(() => false);
    let handover: Handover;
    if (survivors) {
      const deadline = Date.now() + timing.handOverMs;
      const ended = await Promise.all(sessions.map((session) => session.handOver(deadline)));
      const handedOver = ended.every(Boolean);
      handover = { handedOver, reason: handedOver ? 'handed over' : 'unfinished', ...tally(sessions) };
    } else {
      await Promise.all(sessions.map((session) => session.leave()));
      handover = { handedOver: false, reason: 'last node', ...tally(sessions) };
    }
    heartbeat.stop();
    await registry.leave(nodeId, handover.handedOver).catch(() => undefined);
    log.info(handover, 'MQTT: left the shared subscription');
    return handover;
  };
  return {
    close: () => {
      closing ??= close();
      return closing;
    },
    halt: () => {
      heartbeat.stop();
      deviceLink.setPusher(null);
      for (const session of sessions) session.halt();
    },
    connected: () => sessions.some((session) => session.client.connected),
  };
}

function tally(sessions: readonly ShareSession[]): Pick<Handover, 'acknowledged' | 'redelivered'> {
  let acknowledged = 0;
  let redelivered = 0;
  for (const session of sessions) {
    acknowledged += session.acknowledged;
    redelivered += session.redelivered;
  }
  return { acknowledged, redelivered };
}

/** What every session does with a message: the gateway whose topic it is handles it in its role. */
function gatewayMessages(options: ExternalBrokerOptions, receipts: DeliveryReceipts): ShareMessageHandler {
  const { ingest, deviceCommands, log } = options;
  return async (topic, payload, { clientId, packetId, redelivered }) => {
    const owner = await topicOwner(topic, (base) => ingest.directory.byTopic(base));
    if (owner === 'ambiguous') log.warn({ topic }, 'MQTT: a topic belongs to two gateways; dropped');
    else if (owner && !owner.gateway.archived) {
      // Telemetry the broker may send twice: a second delivery gets the first one's arrival stamp.
      const delivery =
        owner.role === 'telemetry' && packetId !== undefined
          ? await receipts.delivery(clientId, packetId, topic, payload, redelivered)
          : undefined;
      await routeGatewayMessage(ingest, deviceCommands, owner.gateway, owner.role, payload, delivery);
    }
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? '***' : '';
    return parsed.toString();
  } catch {
    return 'mqtt://…';
  }
}
