/** Data of the victim organization for the cross-tenant walker, so its footprint shows any route that touched it. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/database';

/** A project with a sensor, and a gateway with a mapping, a log line, a command, firmware and a rollout. */
export async function seedVictimGateway(db: Db, orgId: string): Promise<void> {
  const project = await db
    .insertInto('projects')
    .values({ org_id: orgId, name: 'Victim plant' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = await db
    .insertInto('entity_types')
    .values({
      org_id: orgId,
      kind: 'sensor',
      name: 'Victim sensor type',
      parameters: JSON.stringify([{ key: 'temperature', data_type: 'number', unit: 'C' }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sensorId = randomUUID();
  await db
    .insertInto('entities')
    .values({
      id: sensorId,
      org_id: orgId,
      project_id: project.id,
      kind: 'sensor',
      type_id: type.id,
      path: `/${sensorId}/`,
      depth: 0,
      name: 'Victim sensor',
      latitude: null,
      longitude: null,
      position: 'indoor',
    })
    .execute();
  const gatewayId = randomUUID();
  await db
    .insertInto('gateways')
    .values({
      id: gatewayId,
      org_id: orgId,
      project_id: project.id,
      name: 'Victim gateway',
      type: 'MQTT',
      protocol: 'MQTT',
      parent_id: null,
      topic: `victim/${gatewayId}`,
      client_id: `victim-${gatewayId}`,
      username: 'victim',
      token_hash: 'x'.repeat(64),
      token_hint: 'xxxx',
      created_by: null,
      last_seen_at: null,
      archived_at: null,
    })
    .execute();
  await db
    .insertInto('gateway_mappings')
    .values({
      org_id: orgId,
      gateway_id: gatewayId,
      json_path: 't',
      sensor_id: sensorId,
      param_key: 'temperature',
    })
    .execute();
  await db
    .insertInto('gateway_logs')
    .values({
      org_id: orgId,
      gateway_id: gatewayId,
      kind: 'connect',
      level: 'info',
      message: 'Connected',
      payload: null,
    })
    .execute();
  const command = await db
    .insertInto('gateway_commands')
    .values({
      org_id: orgId,
      gateway_id: gatewayId,
      name: 'reboot',
      value: 'true',
      created_by: null,
      delivered_at: null,
      completed_at: null,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const firmware = await db
    .insertInto('firmware')
    .values({
      org_id: orgId,
      name: 'Victim OS',
      version: '1.0.0',
      filename: 'os.bin',
      size: 1,
      sha256: '0'.repeat(64),
      blob_key: `firmware/${orgId}/victim`,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('firmware_rollouts')
    .values({ org_id: orgId, firmware_id: firmware.id, gateway_id: gatewayId, command_id: command.id })
    .execute();
}
