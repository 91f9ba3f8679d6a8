/**
 * IoT Manager's share of the demo: each project's gateways (MQTT, HTTPS and CoAP) with their streaming
 * parameters made through the API as a user would, one mapping per payload field; and the edge
 * gateway firmware, already rolled out to the MQTT gateways, so the rollout history is not empty.
 */
import { createHash } from 'node:crypto';
import type { GatewayBody } from '@ferrite/contracts';
import type { DemoContext, DemoSeeder } from './context';
import { gatewayFields } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';

const KIND = {
  mqtt: { type: 'MQTT', protocol: 'MQTT' },
  http: { type: 'HTTPS', protocol: 'HTTP' },
  coap: { type: 'HTTPS', protocol: 'CoAP' },
} as const;

/** The firmware every MQTT edge gateway of the demo runs (see the plant files' `firmware`). */
export const DEMO_FIRMWARE = {
  name: 'Ferrite edge gateway',
  version: '3.2.0',
  filename: 'edge-gateway-3.2.0.bin',
};

async function seedGateways(ctx: DemoContext): Promise<void> {
  for (const plant of DEMO_PLANTS) {
    const projectId = ctx.projects.get(plant.project) as string;
    for (const gateway of plant.gateways) {
      const fields = gatewayFields(plant, gateway);
      const body: GatewayBody = {
        name: gateway.name,
        ...KIND[gateway.protocol],
        description: gateway.description,
        // Three missed heartbeats (every 10 s) mark it offline.
        heartbeat_timeout_s: 30,
        streaming_params: fields.map((f) => ({
          key: f.field,
          value: f.field,
          data_type: 'number',
          unit: f.unit,
        })),
        timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
      } as GatewayBody;
      const created = await ctx.api.request<{ gateway: { id: string; uuid: string } }>(
        'POST',
        `/iot_mgmt/orgs/${ctx.orgId}/projects/${projectId}/gateways`,
        body,
      );
      ctx.gateways.set(gateway.name, created.gateway.uuid);
      // One multi-row insert instead of a call per field: no device is connected yet, so there is no
      // cached mapping to refresh, and the fields are known to match the sensors' parameters.
      await ctx.db
        .insertInto('gateway_mappings')
        .values(
          fields.map((field) => {
            const sensor = ctx.sensors.get(field.tag);
            if (!sensor) throw new Error(`Gateway "${gateway.name}" feeds an unknown sensor ${field.tag}`);
            return {
              org_id: ctx.orgId,
              gateway_id: created.gateway.uuid,
              json_path: field.field,
              sensor_id: sensor.id,
              param_key: field.param,
            };
          }),
        )
        .execute();
    }
  }
}

/** A deterministic stand-in image: an ELF header then filler, so the file reads as a firmware binary. */
function firmwareBytes(): Buffer {
  const header = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x01, 0x01, 0x01, 0x00]);
  const body = Buffer.alloc(48 * 1024);
  for (let i = 0; i < body.length; i += 32) createHash('sha256').update(String(i)).digest().copy(body, i);
  return Buffer.concat([header, body]);
}

async function seedFirmware(ctx: DemoContext): Promise<void> {
  const firmware = await ctx.api.upload<{ id: string }>(
    `/iot_mgmt/orgs/${ctx.orgId}/firmware`,
    firmwareBytes(),
    {
      ...DEMO_FIRMWARE,
      notes: 'Faster MQTT reconnect after a broker restart; TLS 1.3 by default.',
    },
  );
  const targets = DEMO_PLANTS.flatMap((plant) => plant.gateways).filter(
    (g) => g.firmware === DEMO_FIRMWARE.version,
  );
  // The rollout happened before the demo began: each gateway downloaded, installed and reported 3.2.0.
  const finishedAt = new Date(Date.now() - 2 * 86_400_000);
  await ctx.db
    .insertInto('firmware_rollouts')
    .values(
      targets.map((gateway) => ({
        org_id: ctx.orgId,
        firmware_id: firmware.id,
        gateway_id: ctx.gateways.get(gateway.name) as string,
        command_id: null,
        status: 'succeeded',
        progress: 100,
        message: `Installed ${DEMO_FIRMWARE.version}`,
        created_at: new Date(finishedAt.getTime() - 15 * 60_000),
        updated_at: finishedAt,
      })),
    )
    .execute();
}

export const iotManagerSeeder: DemoSeeder = {
  key: 'iotManager',
  async seed(ctx) {
    await seedGateways(ctx);
    await seedFirmware(ctx);
  },
  async clear(ctx) {
    // Mappings, logs and commands go with their gateway. An uploaded firmware file stays on disk, unread.
    ctx.gateways.clear();
    await ctx.db.deleteFrom('firmware_rollouts').where('org_id', '=', ctx.orgId).execute();
    await ctx.db.deleteFrom('firmware').where('org_id', '=', ctx.orgId).execute();
    await ctx.db.deleteFrom('gateways').where('org_id', '=', ctx.orgId).execute();
  },
  async load(ctx) {
    const gateways = await ctx.db
      .selectFrom('gateways')
      .select(['id', 'name'])
      .where('org_id', '=', ctx.orgId)
      .execute();
    for (const gateway of gateways) ctx.gateways.set(gateway.name, gateway.id);
  },
};
