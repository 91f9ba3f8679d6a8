/** Command row → contract DTO. */
import type { Command } from '@ferrite/contracts';
import { iso, isoOrNull } from '../../../platform/isoTime';
import type { CommandRow } from './repository';

/** A command as the API and the socket answer it. */
export function presentCommand(row: CommandRow): Command {
  return {
    id: row.id,
    gateway_id: row.gateway_id,
    name: row.name,
    value: row.value,
    status: row.status as Command['status'],
    result: row.result ?? null,
    created_at: iso(row.created_at),
    delivered_at: isoOrNull(row.delivered_at),
    completed_at: isoOrNull(row.completed_at),
    expires_at: iso(row.expires_at),
    created_by:
      row.created_by && row.creator_name !== null ? { id: row.created_by, name: row.creator_name } : null,
  };
}
