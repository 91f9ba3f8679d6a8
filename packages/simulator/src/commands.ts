/**
 * What a simulated device does with a command: ordinary commands are applied at once; a
 * `firmware_update` is downloaded, checked against its SHA-256 and "installed", with progress acks.
 */
import {
  type DeviceAck,
  type DeviceCommand,
  deviceCommandSchema,
  FIRMWARE_COMMAND,
  firmwareCommandValueSchema,
} from '@ferrite/contracts';
import { downloadFirmware } from './firmware';

export interface CommandContext {
  ack(ack: DeviceAck): Promise<void>;
  /** Base for relative firmware links (Ferrite's URL). */
  baseUrl: string;
  /** How long the simulated install takes (ms). */
  installMs: number;
  /** The device now runs this firmware version (reported in heartbeats). */
  onFirmwareInstalled(version: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies one command as it arrived (already parsed JSON); answers once the last ack is sent. */
export async function handleCommand(payload: unknown, context: CommandContext): Promise<void> {
  const parsed = deviceCommandSchema.safeParse(payload);
  if (!parsed.success) {
    // Without a valid id there is nobody to answer; with one, say what was wrong.
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || !deviceCommandSchema.shape.id.safeParse(id).success) {
      throw new Error('a command without a valid id was ignored');
    }
    await context.ack({ id, status: 'error', message: 'Malformed command' });
    return;
  }
  const command = parsed.data;
  if (command.name === FIRMWARE_COMMAND) return updateFirmware(command, context);
  await context.ack({ id: command.id, status: 'ok', result: { applied: true } });
}

async function updateFirmware(command: DeviceCommand, context: CommandContext): Promise<void> {
  const { id } = command;
  const value = firmwareCommandValueSchema.safeParse(command.value);
  if (!value.success) {
    await context.ack({
      id,
      status: 'error',
      message: 'The firmware_update value is not a firmware description',
    });
    return;
  }
  const firmware = value.data;
  let downloaded: Awaited<ReturnType<typeof downloadFirmware>>;
  try {
    const url = new URL(firmware.url, context.baseUrl).toString();
    downloaded = await downloadFirmware(
      url,
      (progress) => context.ack({ id, status: 'progress', stage: 'downloading', progress }),
      firmware.size,
    );
  } catch (error) {
    await context.ack({ id, status: 'error', message: `Download failed: ${(error as Error).message}` });
    return;
  }
  if (downloaded.sha256.toLowerCase() !== firmware.sha256.trim().toLowerCase()) {
    await context.ack({
      id,
      status: 'error',
      message: `Checksum mismatch: expected ${firmware.sha256}, got ${downloaded.sha256}`,
    });
    return;
  }
  for (const progress of [0, 50, 100]) {
    await context.ack({ id, status: 'progress', stage: 'installing', progress });
    if (progress < 100) await sleep(context.installMs / 2);
  }
  context.onFirmwareInstalled(firmware.version);
  await context.ack({ id, status: 'ok', result: { applied: true, version: firmware.version } });
}
