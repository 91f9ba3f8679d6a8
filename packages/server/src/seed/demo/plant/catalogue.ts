/**
 * The demo's asset and sensor types. Each sensor parameter carries its unit and range (stored on the
 * type as `<key>.min` / `<key>.max` properties, where the Entity Manager shows them) and the physics
 * the simulated gateways give it.
 */
import { ASSEMBLY_SENSOR_TYPES } from './assemblySensorTypes';
import { BOILER_SENSOR_TYPES } from './boilerSensorTypes';
import { PACKAGING_SENSOR_TYPES } from './packagingSensorTypes';
import type { AssetTypeSpec, SensorTypeSpec } from './types';

export const DEMO_ASSET_TYPES: readonly AssetTypeSpec[] = [
  { name: 'Assembly line', description: 'A production line of stations, conveyors and a tester.' },
  { name: 'Assembly station', description: 'One work station of an assembly line.' },
  { name: 'Torque tool', description: 'A controlled nutrunner with its own transducer.' },
  { name: 'Press', description: 'A servo press fitting bearings and bushes.' },
  { name: 'Conveyor system', description: 'The conveyors that link the stations of a line.' },
  { name: 'Conveyor', description: 'One belt or roller conveyor section with its drive.' },
  { name: 'End-of-line tester', description: 'Leak and function test of every finished unit.' },
  { name: 'Packaging line', description: 'Filling, capping and case packing of one product stream.' },
  { name: 'Filler', description: 'A rotary filler with weighing cells.' },
  { name: 'Capper', description: 'A rotary capper applying and torquing closures.' },
  { name: 'Palletizer', description: 'Stacks cases into layers and loads pallets.' },
  { name: 'Steam boiler', description: 'A gas-fired fire-tube steam boiler.' },
  { name: 'Pump skid', description: 'Pumps sharing a base frame, suction and discharge headers.' },
  { name: 'Centrifugal pump', description: 'A motor-driven centrifugal pump.' },
  { name: 'Steam header', description: 'The distribution header feeding steam to the plant.' },
];

export const DEMO_SENSOR_TYPES: readonly SensorTypeSpec[] = [
  ...ASSEMBLY_SENSOR_TYPES,
  ...PACKAGING_SENSOR_TYPES,
  ...BOILER_SENSOR_TYPES,
];

/** A sensor type by name (the plant files name them; a typo is a programming error). */
export function sensorTypeSpec(name: string): SensorTypeSpec {
  const found = DEMO_SENSOR_TYPES.find((type) => type.name === name);
  if (!found) throw new Error(`Unknown demo sensor type "${name}"`);
  return found;
}
