/**
 * Every few seconds: announce gateways that just went offline (their last sighting crossed the
 * heartbeat timeout since the previous sweep) and time out commands nobody answered. The window
 * query is cheap and the same on every node, so several nodes sweeping only repeat an announcement.
 */
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/database';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import type { GatewayLogSink } from './gatewayLogSink';
import { announceStatus } from './presence';

export const SWEEP_INTERVAL_MS = 5_000;

/** Finds gateways whose timeout elapsed in (since, until] and announces them offline. */
export async function announceNewlyOffline(
  db: Db,
  realtime: RealtimeHub,
  gatewayLogs: GatewayLogSink,
  since: Date,
  until: Date,
): Promise<number> {
  const rows = (
    await sql<{ id: string; org_id: string; project_id: string; last_seen_at: Date }>`
      select id, org_id, project_id, last_seen_at from gateways
      where archived_at is null and last_seen_at is not null
        and last_seen_at + make_interval(secs => heartbeat_timeout_s) > ${since.toISOString()}::timestamptz
        and last_seen_at + make_interval(secs => heartbeat_timeout_s) <= ${until.toISOString()}::timestamptz`.execute(
      db,
    )
  ).rows;
  for (const row of rows) {
    const lastSeen = new Date(row.last_seen_at).toISOString();
    announceStatus(
      realtime,
      { id: row.id, orgId: row.org_id, projectId: row.project_id },
      {
        gateway_id: row.id,
        status: 'offline',
        last_seen_at: lastSeen,
      },
    );
    gatewayLogs.append({
      orgId: row.org_id,
      gatewayId: row.id,
      kind: 'connect',
      level: 'warn',
      transport: '',
      message: `Offline: nothing heard since ${lastSeen}`,
    });
  }
  return rows.length;
}

export interface Sweeper {
  stop(): void;
}

/** Starts the periodic sweep; `extra` runs on each tick too (command expiry). */
export function startStatusSweeper(
  deps: { db: Db; realtime: RealtimeHub; gatewayLogs: GatewayLogSink; log: Logger },
  extra: (now: Date) => Promise<unknown> = async () => undefined,
): Sweeper {
  let since = new Date();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const until = new Date();
    Promise.all([announceNewlyOffline(deps.db, deps.realtime, deps.gatewayLogs, since, until), extra(until)])
      .then(() => {
        since = until;
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'Gateway sweep failed'))
      .finally(() => {
        running = false;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
