/** What each demo gateway carries: one payload field per parameter of every sensor wired to it. */
import type { ParameterProfile } from '@ferrite/simulator';
import { sensorTypeSpec } from './catalogue';
import type { EntitySpec, GatewaySpec, ProjectPlant, SensorSpec } from './types';

export interface GatewayField {
  /** Payload field and gateway streaming parameter, e.g. `tt110_torque`. */
  field: string;
  tag: string;
  param: string;
  unit: string;
}

/** Every sensor of a project tree, depth first. */
export function sensorsOf(tree: readonly EntitySpec[]): SensorSpec[] {
  return tree.flatMap((spec) => (spec.kind === 'sensor' ? [spec] : sensorsOf(spec.children ?? [])));
}

/** The payload field of one sensor parameter: the tag without punctuation, then the key. */
export function fieldName(tag: string, param: string): string {
  return `${tag.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}_${param}`;
}

/** The sensors a gateway carries, each parameter of their type a field. */
export function gatewayFields(plant: ProjectPlant, gateway: GatewaySpec): GatewayField[] {
  return sensorsOf(plant.tree)
    .filter((sensor) => sensor.gateway === gateway.name)
    .flatMap((sensor) =>
      sensorTypeSpec(sensor.type).parameters.map((p) => ({
        field: fieldName(sensor.tag, p.key),
        tag: sensor.tag,
        param: p.key,
        unit: p.unit,
      })),
    );
}

/**
 * The seed of the plant's values: the live plant and its backfilled history (seed/demo/history.ts) use
 * it with each gateway's name as its value key, so history and live readings share levels and phases.
 */
export const DEMO_PLANT_SEED = 'ferrite';

/**
 * The simulator's value profiles of a gateway's fields: the type's physics with the sensor's tweaks;
 * wear (`creepPerDay`) counts from `since`, the gateway's creation, so it keeps growing across restarts.
 */
export function gatewayProfiles(
  plant: ProjectPlant,
  gateway: GatewaySpec,
  since: number,
): ParameterProfile[] {
  return sensorsOf(plant.tree)
    .filter((sensor) => sensor.gateway === gateway.name)
    .flatMap((sensor) =>
      sensorTypeSpec(sensor.type).parameters.map((p) => {
        const tweak = sensor.tweaks?.[p.key];
        return {
          key: fieldName(sensor.tag, p.key),
          unit: p.unit,
          min: p.min,
          max: p.max,
          base: tweak?.base ?? p.base,
          daily: p.daily,
          cycle: p.cycle,
          noise: p.noise,
          spikeChance: p.spikeChance ?? 0,
          spike: p.spike ?? 0,
          decimals: p.decimals,
          ...(tweak?.creepPerDay ? { creep: { perDay: tweak.creepPerDay, since } } : {}),
        };
      }),
    );
}
