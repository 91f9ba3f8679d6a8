/**
 * Gateway log lines are written in batches off the device path: a burst of readings must not cost a
 * log INSERT each. Per flush each gateway keeps at most a few lines of each kind (errors always win a
 * place), so the log shows the latest traffic without growing with the data rate. Every written
 * line is announced on the gateway's socket room.
 */
import { GATEWAY_LOG_KEEP, type GatewayLog, SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/database';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { type GatewayLogLine, GatewayLogRepository } from '../logs/repository';

/** A line to log (its stored form is GatewayLogRepository's). */
export type NewGatewayLog = GatewayLogLine;

/** Payloads are kept for reading, not for replay: a few kilobytes say what arrived. */
export const LOG_PAYLOAD_MAX_CHARS = 4_000;
/** Lines of one kind one gateway keeps per flush (the newest); errors get twice as many. */
const LINES_PER_KIND_PER_FLUSH = 5;
const FLUSH_INTERVAL_MS = 250;
/** Prune a gateway's log once every this many flushes that wrote to it. */
const PRUNE_EVERY = 20;

export class GatewayLogSink {
  private pending: NewGatewayLog[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly writesSincePrune = new Map<string, number>();

  private readonly logs: GatewayLogRepository;

  constructor(
    db: Db,
    private readonly realtime: RealtimeHub,
    private readonly log: Logger,
  ) {
    this.logs = new GatewayLogRepository(db);
  }

  /** Queues a line; it is written within a quarter of a second. */
  append(entry: NewGatewayLog): void {
    // Cut the payload now: lines wait here a quarter of a second, and at high rates whole payloads add up.
    const payload = entry.payload == null ? null : entry.payload.slice(0, LOG_PAYLOAD_MAX_CHARS);
    this.pending.push({ ...entry, payload, ts: entry.ts ?? new Date() });
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Writes everything queued so far (tests and shutdown call it directly). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing
      .then(() => this.write(batch))
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'Gateway log: could not write a batch');
      });
    return this.flushing;
  }

  private async write(batch: NewGatewayLog[]): Promise<void> {
    const kept = thin(batch);
    if (kept.length === 0) return;
    const rows = await this.logs.append(kept);
    for (const row of rows) {
      const line: GatewayLog = presentGatewayLog(row);
      this.realtime.emit(
        socketRoomName({ kind: 'gatewayLogs', orgId: row.org_id, gatewayId: row.gateway_id }),
        SOCKET_EVENTS.gatewayLog,
        line,
      );
    }
    await this.pruneSome(kept);
  }

  private async pruneSome(kept: NewGatewayLog[]): Promise<void> {
    for (const { orgId, gatewayId } of uniqueGateways(kept)) {
      const writes = (this.writesSincePrune.get(gatewayId) ?? 0) + 1;
      this.writesSincePrune.set(gatewayId, writes);
      if (writes < PRUNE_EVERY) continue;
      this.writesSincePrune.set(gatewayId, 0);
      await this.logs.keepNewest(orgId, gatewayId, GATEWAY_LOG_KEEP);
    }
  }
}

/** A stored log row as the API and the socket present it. */
export function presentGatewayLog(row: {
  id: string | number | bigint;
  gateway_id: string;
  ts: Date;
  kind: string;
  level: string;
  transport: string;
  message: string;
  payload: string | null;
  points: number;
}): GatewayLog {
  return {
    id: String(row.id),
    gateway_id: row.gateway_id,
    ts: new Date(row.ts).toISOString(),
    kind: row.kind as GatewayLog['kind'],
    level: row.level as GatewayLog['level'],
    transport: row.transport,
    message: row.message,
    payload: row.payload,
    points: row.points,
  };
}

/** The newest few lines per gateway and kind, in arrival order. */
function thin(batch: NewGatewayLog[]): NewGatewayLog[] {
  const counts = new Map<string, number>();
  const keep: boolean[] = new Array(batch.length).fill(false);
  for (let i = batch.length - 1; i >= 0; i--) {
    const entry = batch[i] as NewGatewayLog;
    const key = `${entry.gatewayId}:${entry.kind}`;
    const count = counts.get(key) ?? 0;
    const limit = entry.level === 'error' ? LINES_PER_KIND_PER_FLUSH * 2 : LINES_PER_KIND_PER_FLUSH;
    if (count < limit) {
      keep[i] = true;
      counts.set(key, count + 1);
    }
  }
  return batch.filter((_, i) => keep[i]);
}

function uniqueGateways(entries: NewGatewayLog[]): { orgId: string; gatewayId: string }[] {
  const seen = new Map<string, string>();
  for (const entry of entries) seen.set(entry.gatewayId, entry.orgId);
  return [...seen].map(([gatewayId, orgId]) => ({ gatewayId, orgId }));
}
