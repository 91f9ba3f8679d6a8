/** Test fixtures for ingestion: an organization with a project, a sensor and a mapped gateway. */
import { randomUUID } from 'node:crypto';
import { hashOpaqueToken, newOpaqueToken } from '../../../platform/security/opaqueTokens';
import type { TestPlatform } from '../../../testing/testPlatform';
import {
  addOrgWithAdmin,
  addProject,
  createEntity,
  createType,
  entityManagerClient,
} from '../../entityManager/testSupport';

export interface GatewayFixture {
  orgId: string;
  projectId: string;
  sensorId: string;
  gatewayId: string;
  topic: string;
  clientId: string;
  username: string;
  token: string;
  adminToken: string;
}

/** A fresh organization whose gateway maps `temp` → temperature and `hum` → humidity of one sensor. */
export async function gatewayFixture(
  platform: TestPlatform,
  options: { protocol?: 'MQTT' | 'HTTP' | 'CoAP'; timestamp?: { field: string; format: string } } = {},
): Promise<GatewayFixture> {
  const slug = `ingest-${randomUUID().slice(0, 8)}`;
  const { orgId, token: adminToken } = await addOrgWithAdmin(platform, slug, ['entityManager', 'iotManager']);
  const projectId = await addProject(platform, orgId, 'Line 1');
  const client = entityManagerClient(platform, orgId, adminToken);
  const typeId = await createType(client, 'sensor', {
    name: 'Climate',
    parameters: [
      { key: 'temperature', data_type: 'number', unit: '°C' },
      { key: 'humidity', data_type: 'number', unit: '%' },
    ],
  });
  const sensorId = await createEntity(client, projectId, 'sensor', { name: 'Climate 1', type_id: typeId });
  const gatewayId = randomUUID();
  const token = `fgw_${newOpaqueToken()}`;
  const protocol = options.protocol ?? 'MQTT';
  const topic = `ferrite/test/${gatewayId}`;
  const clientId = `gw-${gatewayId.slice(0, 8)}`;
  await platform.deps.db
    .insertInto('gateways')
    .values({
      id: gatewayId,
      org_id: orgId,
      project_id: projectId,
      name: 'Test gateway',
      type: protocol === 'MQTT' ? 'MQTT' : 'HTTPS',
      protocol,
      topic,
      client_id: clientId,
      username: clientId,
      token_hash: hashOpaqueToken(token),
      token_hint: token.slice(-4),
      heartbeat_timeout_s: 60,
      timestamp_mapping: JSON.stringify(options.timestamp ?? { field: null, format: 'iso8601' }),
    })
    .execute();
  await platform.deps.db
    .insertInto('gateway_mappings')
    .values([
      {
        org_id: orgId,
        gateway_id: gatewayId,
        json_path: 'temp',
        sensor_id: sensorId,
        param_key: 'temperature',
      },
      {
        org_id: orgId,
        gateway_id: gatewayId,
        json_path: 'data.hum',
        sensor_id: sensorId,
        param_key: 'humidity',
      },
    ])
    .execute();
  return { orgId, projectId, sensorId, gatewayId, topic, clientId, username: clientId, token, adminToken };
}

/** The stored points of a sensor parameter, oldest first. */
export async function storedPoints(platform: TestPlatform, sensorId: string, paramKey: string) {
  return platform.deps.db
    .selectFrom('telemetry')
    .select(['ts', 'value'])
    .where('sensor_id', '=', sensorId)
    .where('param_key', '=', paramKey)
    .orderBy('ts')
    .execute();
}

/**
 * How many temperature readings of a sensor are stored, and how many of them are there twice (each
 * reading a share test sends has a value of its own).
 */
export async function storedCounts(platform: TestPlatform, sensorId: string) {
  const row = await platform.deps.db
    .selectFrom('telemetry')
    .select((eb) => [
      eb.fn.countAll<string>().as('rows'),
      eb.fn.count<string>(eb.fn('distinct', ['value'])).as('values'),
    ])
    .where('sensor_id', '=', sensorId)
    .where('param_key', '=', 'temperature')
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), duplicated: Number(row.rows) - Number(row.values) };
}

/** The gateway's log lines, newest first (after writing what is pending). */
export async function logLines(platform: TestPlatform, gatewayId: string) {
  await platform.deps.ingest.flush();
  return platform.deps.db
    .selectFrom('gateway_logs')
    .select(['kind', 'level', 'message', 'payload', 'transport'])
    .where('gateway_id', '=', gatewayId)
    .orderBy('id', 'desc')
    .execute();
}
