/**
 * Sending a stored command down: pushed at once when a transport can (MQTT with a connected broker),
 * otherwise it stays pending for the device to fetch. Either way it is logged and announced, and its
 * expiry is queued as a delayed job (expiryJob.ts).
 */
import type { Command, GatewayLogKind } from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { JobQueue } from '../../../platform/jobs/jobQueue';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import type { DeviceLink } from '../ingest/deviceLink';
import type { GatewayLogSink } from '../ingest/gatewayLogSink';
import { announceCommand } from '../shared';
import { queueCommandExpiry } from './expiryJob';
import { presentCommand } from './presenter';
import type { CommandRepository, CommandRow } from './repository';

export interface DispatchDeps {
  deviceLink: Pick<DeviceLink, 'pushCommand'>;
  gatewayLogs: Pick<GatewayLogSink, 'append'>;
  realtime: RealtimeHub;
  /** Where the command's expiry is queued. */
  jobs: Pick<JobQueue, 'send'>;
  log: Pick<Logger, 'warn'>;
}

export interface DispatchTarget {
  id: string;
  org_id: string;
  protocol: string;
  topic: string;
}

/** Pushes a committed command to its gateway if a transport can; answers it as it stands afterwards. */
export async function dispatchCommand(
  repo: CommandRepository,
  deps: DispatchDeps,
  gateway: DispatchTarget,
  row: CommandRow,
  log: { kind?: GatewayLogKind; what?: string } = {},
): Promise<{ command: Command; sent: boolean }> {
  let sent = false;
  try {
    sent = await deps.deviceLink.pushCommand(
      { id: gateway.id, orgId: gateway.org_id, protocol: gateway.protocol, topic: gateway.topic },
      { id: row.id, name: row.name, value: row.value, expires_at: new Date(row.expires_at).toISOString() },
    );
  } catch (error) {
    // A broker hiccup must not fail the request: the command stays pending and the device fetches it.
    deps.log.warn({ err: error, gatewayId: gateway.id }, 'Command push failed; left pending');
  }
  // Only a still pending command becomes delivered: a quick device may have acknowledged it already.
  if (sent) await repo.markDelivered(gateway.org_id, row.id, new Date());
  const command = presentCommand((await repo.findById(gateway.org_id, row.id)) ?? row);
  const what = log.what ?? `command "${row.name}"`;
  deps.gatewayLogs.append({
    orgId: gateway.org_id,
    gatewayId: gateway.id,
    kind: log.kind ?? 'command',
    level: 'info',
    transport: gateway.protocol.toLowerCase(),
    message: sent ? `Sent ${what}` : `Queued ${what} until the gateway fetches it`,
    payload: JSON.stringify({ id: row.id, name: row.name, value: row.value }),
  });
  announceCommand(deps.realtime, gateway.org_id, command);
  // A quick device may have answered already; otherwise the command times out at expires_at on
  // whichever node is up then, even if this one is not.
  if (command.status === 'pending' || command.status === 'delivered') {
    await queueCommandExpiry(deps, new Date(row.expires_at));
  }
  return { command, sent };
}
