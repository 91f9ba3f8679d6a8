/**
 * The device side of actuation: devices fetch their pending commands (HTTP, CoAP polling or an MQTT
 * subscribe), and answer them. An answer moves the command to acknowledged or failed; for a firmware
 * command it also moves the rollout through downloading and installing to its result. Every change
 * is logged and announced on the gateway's room.
 */
import { type DeviceAck, type DeviceCommand, deviceAckSchema, FIRMWARE_COMMAND } from '@ferrite/contracts';
import type { Db } from '../../../platform/db/database';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { presentCommand } from '../commands/presenter';
import { CommandRepository } from '../commands/repository';
import { presentRollout } from '../firmware/presenter';
import { FirmwareRepository } from '../firmware/repository';
import { announceCommand, announceRollout } from '../shared';
import type { IngestGateway } from './gatewayDirectory';
import type { IngestService, Transport } from './ingestService';

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
  private readonly commands: CommandRepository;
  private readonly rollouts: FirmwareRepository;

  constructor(
    db: Db,
    private readonly realtime: RealtimeHub,
    private readonly ingest: IngestService,
  ) {
    this.commands = new CommandRepository(db);
    this.rollouts = new FirmwareRepository(db);
  }

  /** Pending, unexpired commands of a gateway, now marked delivered (oldest first). */
  async takePending(gateway: IngestGateway, transport: Transport): Promise<DeviceCommand[]> {
    const rows = await this.commands.takePending(gateway.orgId, gateway.id);
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
    const command = await this.commands.findOfGateway(gateway.orgId, gateway.id, ack.id);
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
    await this.announceCommands(await this.commands.advance(id, status, result, completes));
  }

  private async markRolloutsNotified(gateway: IngestGateway, commandIds: string[]): Promise<void> {
    if (commandIds.length === 0) return;
    await this.announceRollouts(await this.rollouts.markNotifiedByCommands(gateway.orgId, commandIds));
  }

  private async updateRollout(
    gateway: IngestGateway,
    commandId: string,
    status: string,
    progress: number | null,
    message: string,
  ) {
    const ids = await this.rollouts.advanceByCommand(gateway.orgId, commandId, { status, progress, message });
    await this.announceRollouts(ids);
  }

  /** Tells the gateway's room how these commands stand now, as the REST API presents them. */
  private async announceCommands(ids: string[]): Promise<void> {
    for (const row of await this.commands.findMany(ids)) {
      announceCommand(this.realtime, row.org_id, presentCommand(row));
    }
  }

  /** Tells the gateway's room how these rollouts stand now, as the REST API presents them. */
  private async announceRollouts(ids: string[]): Promise<void> {
    for (const row of await this.rollouts.rolloutsByIds(ids)) {
      announceRollout(this.realtime, row.org_id, presentRollout(row));
    }
  }
}
