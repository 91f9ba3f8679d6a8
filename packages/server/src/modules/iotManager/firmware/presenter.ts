/** Firmware and rollout rows → contract DTOs. */
import type { Firmware, Rollout } from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import type { FirmwareRow, RolloutRow } from './repository';

/** A firmware file as the API answers it (never its storage key). */
export function presentFirmware(row: FirmwareRow): Firmware {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    filename: row.filename,
    content_type: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    notes: row.notes,
    created_at: iso(row.created_at),
    created_by:
      row.created_by && row.creator_name !== null ? { id: row.created_by, name: row.creator_name } : null,
  };
}

/** A rollout as the API and the socket answer it. */
export function presentRollout(row: RolloutRow): Rollout {
  return {
    id: row.id,
    firmware_id: row.firmware_id,
    firmware_version: row.firmware_version,
    gateway_id: row.gateway_id,
    gateway_name: row.gateway_name,
    command_id: row.command_id,
    status: row.status as Rollout['status'],
    progress: row.progress,
    message: row.message,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
