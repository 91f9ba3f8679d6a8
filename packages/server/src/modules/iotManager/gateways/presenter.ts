/** Gateway row → contract DTO; the token hash never leaves the server, only its last four characters. */
import type { Gateway, GatewayParam, TimestampMapping } from '@ferrite/contracts';
import { iso, isoOrNull } from '../../../platform/isoTime';
import { gatewayStatus } from '../shared';
import type { GatewayRow } from './repository';

/** A gateway as the API answers it; status is computed against `now`. */
export function presentGateway(row: GatewayRow, now: number = Date.now()): Gateway {
  return {
    id: row.id,
    uuid: row.id,
    org_id: row.org_id,
    project_id: row.project_id,
    name: row.name,
    type: row.type as Gateway['type'],
    protocol: row.protocol as Gateway['protocol'],
    channel: row.channel,
    parent: row.parent_id && row.parent_name !== null ? { id: row.parent_id, name: row.parent_name } : null,
    description: row.description,
    topic: row.topic,
    topic_available: !row.topic_blocked,
    client_id: row.client_id,
    username: row.username,
    host_name: row.host_name,
    port_info: row.port_info,
    path: row.path,
    status: gatewayStatus(row.last_seen_at, row.heartbeat_timeout_s, now),
    last_seen_at: isoOrNull(row.last_seen_at),
    heartbeat_timeout_s: row.heartbeat_timeout_s,
    access_token_hint: row.token_hint,
    access_token_rotated_at: iso(row.token_rotated_at),
    static_params: row.static_params as GatewayParam[],
    streaming_params: row.streaming_params as GatewayParam[],
    timestamp_mapping: row.timestamp_mapping as TimestampMapping,
    mapped_count: Number(row.mapped_count ?? 0),
    created_at: iso(row.created_at),
    archived_at: isoOrNull(row.archived_at),
  };
}
