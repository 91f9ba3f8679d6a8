/**
 * The gateway status sweep, every 5 s once across nodes: a gateway not heard from within its heartbeat
 * timeout is announced offline (live to its rooms, a line in its log, and a major alert through Alerts). Each silence is announced
 * once, whichever node sweeps and however the sweeps fall: the sweep claims a silence by storing the
 * sighting it ends (`offline_announced_for`) in the same statement that finds it, so two sweeps at
 * once, a period with no sweep or a node restarted between two never repeat or lose an announcement.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import { raiseAlert } from '../../alerts';
import type { GatewayLogSink } from '../ingest/gatewayLogSink';
import { announceStatus } from '../ingest/presence';

export const GATEWAY_STATUS_JOB = 'iotManager.gatewayStatus';
/** How often gateways are swept: an offline gateway is announced within this (plus SIGHTING_DELAY_MS). */
export const STATUS_SWEEP_SECONDS = 5;
/**
 * How long after a timeout the sweep looks: a sighting reaches the database up to a second after it
 * happened (presence.ts writes last-seen times once a second, on the node that heard the gateway).
 */
export const SIGHTING_DELAY_MS = 2_000;

/** The platform's services (the offline alert is raised with them) and the gateway log. */
export type StatusSweepDeps = AppDeps & { gatewayLogs: Pick<GatewayLogSink, 'append' | 'flush'> };

/** The dedupe key of a gateway's offline alert (cleared with it when the gateway is heard again). */
export function gatewayOfflineKey(gatewayId: string): string {
  return `gateway-offline:${gatewayId}`;
}

/** Announces every gateway whose timeout had elapsed by `now` (less the sighting delay) and was not announced yet; answers how many. */
export async function announceGatewaysGoneOffline(deps: StatusSweepDeps, now: Date): Promise<number> {
  const until = new Date(now.getTime() - SIGHTING_DELAY_MS);
  const rows = (
    await sql<{
      id: string;
      org_id: string;
      project_id: string;
      last_seen_at: Date;
      name: string;
      project_name: string | null;
    }>`
      update gateways set offline_announced_for = last_seen_at
      where archived_at is null and last_seen_at is not null
        and last_seen_at + make_interval(secs => heartbeat_timeout_s) <= ${until.toISOString()}::timestamptz
        and (offline_announced_for is null or offline_announced_for < last_seen_at)
      returning id, org_id, project_id, last_seen_at, name,
        (select p.name from projects p where p.id = gateways.project_id) as project_name`.execute(deps.db)
  ).rows;
  for (const row of rows) {
    const lastSeen = new Date(row.last_seen_at).toISOString();
    announceStatus(
      deps.realtime,
      { id: row.id, orgId: row.org_id, projectId: row.project_id },
      { gateway_id: row.id, status: 'offline', last_seen_at: lastSeen },
    );
    deps.gatewayLogs.append({
      orgId: row.org_id,
      gatewayId: row.id,
      kind: 'connect',
      level: 'warn',
      transport: '',
      message: `Offline: nothing heard since ${lastSeen}`,
    });
    await raiseOfflineAlert(deps, row, lastSeen);
  }
  // Written before the run ends: a node stopped (or killed) right after has not lost the lines.
  if (rows.length > 0) await deps.gatewayLogs.flush();
  return rows.length;
}

/** Raises the gateway's offline alert (Alerts delivers it by default); a failure is logged, the sweep goes on. */
async function raiseOfflineAlert(
  deps: StatusSweepDeps,
  row: { id: string; org_id: string; name: string; project_name: string | null },
  lastSeen: string,
): Promise<void> {
  try {
    await raiseAlert(deps, {
      orgId: row.org_id,
      app: 'iotManager',
      dedupeKey: gatewayOfflineKey(row.id),
      severity: 'major',
      description: `Gateway ${row.name} is offline: nothing heard since ${lastSeen}`,
      entity: { kind: 'gateway', id: row.id, name: row.name, path: row.project_name ?? '' },
      policy: null,
      recipients: null,
    });
  } catch (error) {
    deps.log.error({ err: error, gatewayId: row.id }, 'Could not raise the gateway offline alert');
  }
}

/** The sweep as a job of the platform's queue, every STATUS_SWEEP_SECONDS on one node. */
export function gatewayStatusSweepJob(deps: StatusSweepDeps): JobDefinition {
  return {
    name: GATEWAY_STATUS_JOB,
    everySeconds: STATUS_SWEEP_SECONDS,
    run: async () => {
      await announceGatewaysGoneOffline(deps, new Date());
    },
  };
}
