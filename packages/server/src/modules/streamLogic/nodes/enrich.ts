/** Logic: adds context to the payload: the sensor's asset metadata, its type's parameters, the project's assets. */
import { z } from 'zod';
import type { StreamSensor } from '../engine/services';
import { defineNode, type NodeResult } from './defineNode';
import { IN_ANY, LOGIC, socket } from './style';

const WITH = ['asset_metadata', 'type_parameters', 'project_assets'] as const;

const configSchema = z.object({
  with: z
    .array(z.enum(WITH, { error: `with: each entry must be one of ${WITH.join(', ')}` }), {
      error: 'with must be a list',
    })
    .min(1, { error: 'with: choose at least one thing to add' })
    .meta({
      title: 'Add',
      description:
        "asset_metadata: the sensor's asset's metadata; type_parameters: its sensor type's parameters; project_assets: the project's assets.",
    }),
});
type Config = z.infer<typeof configSchema>;

/** The asset a sensor hangs under: its parent when that is an asset, else the nearest asset above it. */
function assetOf(sensor: StreamSensor): string | null {
  if (sensor.parentId && sensor.assetIds.includes(sensor.parentId)) return sensor.parentId;
  return sensor.assetIds.at(-1) ?? null;
}

export const enrich = defineNode<Config>({
  type: 'enrich',
  name: 'Enrich',
  ...LOGIC,
  description:
    "Adds to each message's payload its sensor's asset metadata, its sensor type's parameters or the project's assets.",
  logo: 'Tags',
  inputs: IN_ANY,
  outputs: [socket('out', 'Out', 'object')],
  configSchema,
  defaultConfig: { with: ['asset_metadata'] },
  async run(ctx, config, inputs) {
    const { sensors, enrich: lookups } = ctx.services;
    const wants = new Set(config.with);
    const ids = [...new Set(inputs.flatMap(({ message }) => (message.sensor_id ? [message.sensor_id] : [])))];
    const found =
      wants.has('asset_metadata') || wants.has('type_parameters')
        ? await sensors.get(ctx.orgId, ids)
        : new Map();
    // One look-up per asset and type per batch, however many messages share it.
    const metadata = new Map<string, Promise<Record<string, unknown> | null>>();
    const parameters = new Map<string, Promise<Record<string, unknown> | null>>();
    const assets = wants.has('project_assets') ? lookups.projectAssets(ctx.orgId, ctx.projectId) : null;
    const once = <T>(cache: Map<string, Promise<T>>, id: string, load: () => Promise<T>) => {
      let promise = cache.get(id);
      if (!promise) {
        promise = load();
        cache.set(id, promise);
      }
      return promise;
    };
    return Promise.all(
      inputs.map(async ({ message }): Promise<NodeResult> => {
        try {
          const sensor = message.sensor_id ? found.get(message.sensor_id) : undefined;
          const base = message.payload;
          const payload: Record<string, unknown> =
            base && typeof base === 'object' && !Array.isArray(base)
              ? { ...base }
              : base == null
                ? {}
                : { payload: base };
          if (wants.has('asset_metadata')) {
            const assetId = sensor ? assetOf(sensor) : null;
            payload.asset_metadata = assetId
              ? await once(metadata, assetId, () => lookups.assetMetadata(ctx.orgId, assetId))
              : null;
          }
          if (wants.has('type_parameters')) {
            const typeId = sensor?.typeIds[0];
            payload.type_parameters = typeId
              ? await once(parameters, typeId, () => lookups.sensorTypeParameters(ctx.orgId, typeId))
              : null;
          }
          if (assets) payload.project_assets = await assets;
          return { outputs: [{ output: 'out', message: { ...message, payload } }] };
        } catch (error) {
          return { outputs: [], error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  },
});
