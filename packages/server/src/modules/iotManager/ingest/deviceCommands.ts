/**
 * The device side of actuation: devices fetch their pending commands (HTTP, CoAP polling or an MQTT
 * subscribe), and answer them. An answer moves the command to acknowledged or failed; for a firmware
 * command it also moves the rollout through downloading and installing to its result. Every change
 * is logged and announced on the gateway's room.
 */
import { type DeviceAck, type DeviceCommand, deviceAckSchema, FIRMWARE_COMMAND } from '@ferrite/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { presentCommand } from '../commands/presenter';
import { CommandRepository } from '../commands/repository';
import { presentRollout } from '../firmware/presenter';
import { FirmwareRepository } from '../firmware/repository';
import { announceCommand, announceRollout } from '../shared';
import type { IngestGateway } from './gatewayDirectory';
import type { IngestService, Transport } from './ingestService';

/** What the device side reads back from a command it changed. */
type ChangedCommand = { id: string; name: string; value: unknown; created_at: Date; expires_at: Date };

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
      await sql<ChangedCommand>`
      update gateway_commands set status = 'delivered', delivered_at = now()
      where org_id = ${gateway.orgId} and gateway_id = ${gateway.id}
        and status = 'pending' and expires_at > now()
      returning id, name, value, created_at, expires_at`.execute(this.db)
    ).rows;
    rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    await this.announceCommands(rows.map((row) => row.id));
    for (const row of rows) {
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
    // JSON.parse takes any depth, JSON.stringify (the log line, the stored result) overflows the stack.
    let bodyText: string | null;
    try {
      bodyText = JSON.stringify(parsedBody) ?? null;
    } catch {
      const message = 'The acknowledgement is nested too deeply';
      this.ingest.logLine(
        gateway,
        transport,
        'error',
        'error',
        `Malformed acknowledgement: ${message}`,
        null,
        0,
      );
      return { ok: false, status: 400, message };
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
        bodyText,
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
      await this.updateCommand(command.id, 'delivered', null, false);
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
    await this.updateCommand(command.id, final, result, true);
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

  /** Moves an open command on and announces it. */
  private async updateCommand(
    id: string,
    status: string,
    result: unknown,
    completes: boolean,
  ): Promise<void> {
    const changed = await sql<{ id: string }>`
      update gateway_commands set
        status = ${status},
        delivered_at = coalesce(delivered_at, now()),
        result = case when ${completes} then ${result === null || result === undefined ? null : JSON.stringify(result)}::jsonb else result end,
        completed_at = case when ${completes} then now() else completed_at end
      where id = ${id} and status in ('pending', 'delivered')
      returning id`.execute(this.db);
    await this.announceCommands(changed.rows.map((row) => row.id));
  }

  private async markRolloutsNotified(gateway: IngestGateway, commandIds: string[]): Promise<void> {
    if (commandIds.length === 0) return;
    const rows = await this.db
      .updateTable('firmware_rollouts')
      .set({ status: 'notified', updated_at: new Date() })
      .where('org_id', '=', gateway.orgId)
      .where('command_id', 'in', commandIds)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    await this.announceRollouts(rows.map((row) => row.id));
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
    await this.announceRollouts(rows.map((row) => row.id));
  }

  /** Tells the gateway's room how these commands stand now, as the REST API presents them. */
  private async announceCommands(ids: string[]): Promise<void> {
    for (const row of await new CommandRepository(this.db).findMany(ids)) {
      announceCommand(this.realtime, row.org_id, presentCommand(row));
    }
  }

  /** Tells the gateway's room how these rollouts stand now, as the REST API presents them. */
  private async announceRollouts(ids: string[]): Promise<void> {
    for (const row of await new FirmwareRepository(this.db).rolloutsByIds(ids)) {
      announceRollout(this.realtime, row.org_id, presentRollout(row));
    }
  }
}
