/**
 * Last-seen bookkeeping: data and heartbeats mark a gateway seen; the database learns it once a
 * second in one statement for all gateways, and browsers hear at once when a gateway comes online.
 */
import { type GatewayStatusEvent, SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/database';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { gatewayStatus } from '../shared';
import { DeviceGatewayRepository } from './deviceGatewayRepository';
import type { IngestGateway } from './gatewayDirectory';

const FLUSH_MS = 1_000;

/** Announces a gateway's status to its log room and its project's gateway room. */
export function announceStatus(
  realtime: RealtimeHub,
  gateway: { id: string; orgId: string; projectId: string },
  event: GatewayStatusEvent,
): void {
  realtime.emit(
    socketRoomName({ kind: 'gatewayLogs', orgId: gateway.orgId, gatewayId: gateway.id }),
    SOCKET_EVENTS.gatewayStatus,
    event,
  );
  realtime.emit(
    socketRoomName({ kind: 'projectGateways', orgId: gateway.orgId, projectId: gateway.projectId }),
    SOCKET_EVENTS.gatewayStatus,
    event,
  );
}

export class Presence {
  private readonly seen = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;
  private readonly gateways: DeviceGatewayRepository;

  constructor(
    db: Db,
    private readonly realtime: RealtimeHub,
    private readonly log: Logger,
    /** Told when a gateway comes back online (Alerts clears its offline alert). */
    private readonly onBackOnline: (gateway: IngestGateway) => void = () => {},
  ) {
    this.gateways = new DeviceGatewayRepository(db);
  }

  /** Marks the gateway seen now; announces it when it was offline. */
  touch(gateway: IngestGateway, at = new Date()): void {
    const wasOnline = gatewayStatus(gateway.lastSeenAt, gateway.heartbeatTimeoutS, at.getTime()) === 'online';
    gateway.lastSeenAt = at;
    this.seen.set(gateway.id, at);
    if (!wasOnline) {
      announceStatus(this.realtime, gateway, {
        gateway_id: gateway.id,
        status: 'online',
        last_seen_at: at.toISOString(),
      });
      this.onBackOnline(gateway);
    }
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes the pending last-seen times. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.seen.size === 0) return;
    const ids = [...this.seen.keys()];
    const stamps = [...this.seen.values()].map((d) => d.toISOString());
    this.seen.clear();
    try {
      await this.gateways.markSeen(ids, stamps);
    } catch (error) {
      this.log.warn({ err: error }, 'Gateway presence: could not store last-seen times');
    }
  }
}
