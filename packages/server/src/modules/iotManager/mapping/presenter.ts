/** Mapping row → contract DTO. */
import type { Mapping } from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import type { MappingRow } from './repository';

/** A mapping as the API answers it. */
export function presentMapping(row: MappingRow): Mapping {
  return {
    id: row.id,
    gateway_id: row.gateway_id,
    json_path: row.json_path,
    sensor_id: row.sensor_id,
    sensor_name: row.sensor_name,
    param_key: row.param_key,
    created_at: iso(row.created_at),
  };
}
