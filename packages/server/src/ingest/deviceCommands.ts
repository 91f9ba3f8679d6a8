/**
 * The device side of actuation: devices fetch their pending commands (HTTP, CoAP polling or an MQTT
 * subscribe), and answer them. An answer moves the command to acknowledged or failed; for a firmware
 * command it also moves the rollout through downloading and installing to its result. Every change
 * is logged and announced on the gateway's room.
 */
import {
  type Command,
  type DeviceAck,
  type DeviceCommand,
  deviceAckSchema,
  FIRMWARE_COMMAND,
  SOCKET_EVENTS,
  socketRoomName,
} from '@ferrite/contracts';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import type { RealtimeHub } from '../platform/realtime/realtimeHub';
import type { IngestGateway } from './gatewayDirectory';
import type { IngestService, Transport } from './ingestService';

type CommandRow = {
  id: string;
  gateway_id: string;
  name: string;
  value: unknown;
  status: string;
  result: unknown;
  created_at: Date;
  delivered_at: Date | null;
  completed_at: Date | null;
  expires_at: Date;
  created_by: string | null;
};

/** A command row as the socket announces it (the creator's name is not needed live). */
function presentLive(row: CommandRow): Command {
  return {
    id: row.id,
    gateway_id: row.gateway_id,
    name: row.name,
    value: row.value,
    status: row.status as Command['status'],
    result: row.result ?? null,
    created_at: new Date(row.created_at).toISOString(),
    delivered_at: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
    completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    expires_at: new Date(row.expires_at).toISOString(),
    created_by: null,
  };
}

/** A command as the device receives it. */
export function toDeviceCommand(row: {
  id: string;
  name: string;
  value: unknown;
  expires_at: Date;
}): DeviceCommand {
  return { id: row.id, name: row.name, value: row.value, expires_at: new Date(row.expires_at).toISOString() };
}

export type AckOutcome = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string };

export class DeviceCommands {
  constructor(
    private readonly db: Db,
    private readonly realtime: RealtimeHub,
    private readonly ingest: IngestService,
  ) {}

  /** Pending, unexpired commands of a gateway, now marked delivered (oldest first). */
  async takePending(gateway: IngestGateway, transport: Transport): Promise<DeviceCommand[]> {
    const rows = (
      await sql<CommandRow>`
      update gateway_commands set status = 'delivered', delivered_at = now()
      where org_id = ${gateway.orgId} and gateway_id = ${gateway.id}
        and status = 'pending' and expires_at > now()
      returning *`.execute(this.db)
    ).rows;
    rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    for (const row of rows) {
      this.announce(gateway, row);
      this.ingest.logLine(gateway, transport, 'command', 'info', `Delivered command "${row.name}"`, null, 0);
    }
    await this.markRolloutsNotified(
      gateway,
      rows.map((r) => r.id),
    );
    return rows.map(toDeviceCommand);
  }

  /** Applies a device's answer given as raw bytes (MQTT, CoAP) or parsed JSON (HTTP). */
  async acknowledge(gateway: IngestGateway, body: unknown, transport: Transport): Promise<AckOutcome> {
    let parsedBody = body;
    if (Buffer.isBuffer(body) || typeof body === 'string') {
      try {
        parsedBody = JSON.parse(body.toString());
      } catch {
        this.ingest.logLine(
          gateway,
          transport,
          'error',
          'error',
          'Malformed acknowledgement: not JSON',
          String(body),
          0,
        );
        return { ok: false, status: 400, message: 'The acknowledgement is not JSON' };
      }
    }
    const parsed = deviceAckSchema.safeParse(parsedBody);
    if (!parsed.success) {
      const reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      this.ingest.logLine(
        gateway,
        transport,
        'error',
        'error',
        `Malformed acknowledgement: ${reason}`,
        JSON.stringify(parsedBody) ?? null,
        0,
      );
      return { ok: false, status: 400, message: reason };
    }
    return this.apply(gateway, parsed.data, transport);
  }

  private async apply(gateway: IngestGateway, ack: DeviceAck, transport: Transport): Promise<AckOutcome> {
    const command = await this.db
      .selectFrom('gateway_commands')
      .selectAll()
      .where('org_id', '=', gateway.orgId)
      .where('gateway_id', '=', gateway.id)
      .where('id', '=', ack.id)
      .executeTakeFirst();
    if (!command) {
      this.ingest.logLine(
        gateway,
        transport,
        'error',
        'warn',
        `Acknowledgement for an unknown command ${ack.id}`,
        null,
        0,
      );
      return { ok: false, status: 404, message: 'No such command for this gateway' };
    }
    if (!['pending', 'delivered'].includes(command.status)) {
      this.ingest.logLine(
        gateway,
        transport,
        'ack',
        'warn',
        `Late answer to "${command.name}" (already ${command.status})`,
        null,
        0,
      );
      return { ok: false, status: 409, message: `The command is already ${command.status}` };
    }
    const isFirmware = command.name === FIRMWARE_COMMAND;
    if (ack.status === 'progress') {
      const row = await this.updateCommand(command.id, 'delivered', null, false);
      if (row) this.announce(gateway, row);
      if (isFirmware)
        await this.updateRollout(
          gateway,
          command.id,
          ack.stage ?? 'downloading',
          ack.progress ?? 0,
          ack.message ?? '',
        );
      this.ingest.logLine(
        gateway,
        transport,
        isFirmware ? 'firmware' : 'ack',
        'info',
        `"${command.name}" ${ack.stage ?? 'in progress'}${ack.progress !== undefined ? ` ${ack.progress}%` : ''}`,
        null,
        0,
      );
      return { ok: true };
    }
    const final = ack.status === 'ok' ? 'acknowledged' : 'failed';
    const result = ack.result ?? (ack.message !== undefined ? { message: ack.message } : null);
    const row = await this.updateCommand(command.id, final, result, true);
    if (row) this.announce(gateway, row);
    if (isFirmware) {
      await this.updateRollout(
        gateway,
        command.id,
        final === 'acknowledged' ? 'succeeded' : 'failed',
        final === 'acknowledged' ? 100 : null,
        ack.message ?? '',
      );
    }
    this.ingest.logLine(
      gateway,
      transport,
      isFirmware ? 'firmware' : 'ack',
      final === 'failed' ? 'error' : 'info',
      `"${command.name}" ${final}${ack.message ? `: ${ack.message}` : ''}`,
      null,
      0,
    );
    return { ok: true };
  }

  private async updateCommand(
    id: string,
    status: string,
    result: unknown,
    completes: boolean,
  ): Promise<CommandRow | undefined> {
    return (
      await sql<CommandRow>`
      update gateway_commands set
        status = ${status},
        delivered_at = coalesce(delivered_at, now()),
        result = case when ${completes} then ${result === null || result === undefined ? null : JSON.stringify(result)}::jsonb else result end,
        completed_at = case when ${completes} then now() else completed_at end
      where id = ${id} and status in ('pending', 'delivered')
      returning *`.execute(this.db)
    ).rows[0];
  }

  private async markRolloutsNotified(gateway: IngestGateway, commandIds: string[]): Promise<void> {
    if (commandIds.length === 0) return;
    const rows = await this.db
      .updateTable('firmware_rollouts')
      .set({ status: 'notified', updated_at: new Date() })
      .where('org_id', '=', gateway.orgId)
      .where('command_id', 'in', commandIds)
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
    for (const row of rows) await this.announceRollout(gateway, row.id);
  }

  private async updateRollout(
    gateway: IngestGateway,
    commandId: string,
    status: string,
    progress: number | null,
    message: string,
  ) {
    const rows = await this.db
      .updateTable('firmware_rollouts')
      .set((eb) => ({
        status,
        progress: progress === null ? eb.ref('progress') : progress,
        message,
        updated_at: new Date(),
      }))
      .where('org_id', '=', gateway.orgId)
      .where('command_id', '=', commandId)
      .where('status', 'not in', ['succeeded', 'failed', 'timed_out'])
      .returning('id')
      .execute();
    for (const row of rows) await this.announceRollout(gateway, row.id);
  }

  private async announceRollout(gateway: IngestGateway, rolloutId: string): Promise<void> {
    const row = await this.db
      .selectFrom('firmware_rollouts as r')
      .innerJoin('firmware as f', 'f.id', 'r.firmware_id')
      .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
      .select([
        'r.id',
        'r.firmware_id',
        'f.version as firmware_version',
        'r.gateway_id',
        'g.name as gateway_name',
        'r.command_id',
        'r.status',
        'r.progress',
        'r.message',
        'r.created_at',
        'r.updated_at',
      ])
      .where('r.org_id', '=', gateway.orgId)
      .where('r.id', '=', rolloutId)
      .executeTakeFirst();
    if (!row) return;
    this.realtime.emit(
      socketRoomName({ kind: 'gatewayLogs', orgId: gateway.orgId, gatewayId: gateway.id }),
      SOCKET_EVENTS.gatewayRollout,
      {
        ...row,
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
      },
    );
  }

  private announce(gateway: IngestGateway, row: CommandRow): void {
    this.realtime.emit(
      socketRoomName({ kind: 'gatewayLogs', orgId: gateway.orgId, gatewayId: gateway.id }),
      SOCKET_EVENTS.gatewayCommand,
      presentLive(row),
    );
  }
}
