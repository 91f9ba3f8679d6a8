/**
 * Provisioning a simulated fleet through the API: sign in, pick the organization and project, make
 * sure the sensor type and asset exist, then one sensor and one gateway (mapped to it) per device.
 */
import { signIn } from '../api';
import type { SimulatedGateway, SimulatorProtocol } from '../gateway';
import { parameterProfiles } from '../parameters';
import { createSensor, ensureAsset, ensureSensorType, sensorNames } from './entities';
import { createGateway, GATEWAY_NAME_PREFIX, simulatedGatewayNames } from './gateways';
import { findProject } from './projects';

export interface ProvisionOptions {
  /** Ferrite's base URL, e.g. http://localhost:8080. */
  url: string;
  email: string;
  password: string;
  /** Organization name or id; default the user's first. */
  org?: string;
  /** Project name or id; default the first active one. */
  project?: string;
  /** How many gateways to create. */
  gateways: number;
  protocol: SimulatorProtocol;
  /** Parameters per reading (default 4). */
  params?: number;
  onProgress?: (message: string) => void;
}

export interface ProvisionedFleet {
  orgId: string;
  orgName: string;
  projectId: string;
  projectName: string;
  sensorTypeId: string;
  assetId: string;
  gateways: SimulatedGateway[];
}

const CONCURRENCY = 8;
const SENSOR_NAME_PREFIX = 'Simulated sensor';

/** Creates `gateways` new gateways (each with its own sensor) and answers them with their tokens. */
export async function provisionFleet(options: ProvisionOptions): Promise<ProvisionedFleet> {
  const profiles = parameterProfiles(options.params ?? 4);
  const progress = options.onProgress ?? (() => {});
  const { api, orgId, orgName } = await signIn(options.url, options.email, options.password, options.org);
  const project = await findProject(api, orgId, orgName, options.project);
  progress(`Organization ${orgName}, project ${project.name}`);

  const sensorType = await ensureSensorType(api, orgId, profiles);
  const asset = await ensureAsset(api, orgId, project.id);

  // Names continue after the highest number used so far: reruns add gateways, never collide.
  const taken = [
    ...(await simulatedGatewayNames(api, orgId, project.id)),
    ...(await sensorNames(api, orgId, project.id, asset.id)),
  ];
  const first = highestNumber(taken) + 1;

  const gateways: SimulatedGateway[] = [];
  for (let from = 0; from < options.gateways; from += CONCURRENCY) {
    const numbers = Array.from(
      { length: Math.min(CONCURRENCY, options.gateways - from) },
      (_, i) => first + from + i,
    );
    const created = await Promise.all(
      numbers.map(async (n) => {
        // "01" … "99", then "100": every run names alike, whatever its size.
        const label = String(n).padStart(2, '0');
        const sensor = await createSensor(
          api,
          orgId,
          project.id,
          asset.id,
          sensorType.id,
          `${SENSOR_NAME_PREFIX} ${label}`,
        );
        return createGateway(
          api,
          orgId,
          project.id,
          `${GATEWAY_NAME_PREFIX} ${label}`,
          options.protocol,
          profiles,
          sensor.id,
        );
      }),
    );
    gateways.push(...created);
    progress(`Created ${gateways.length} of ${options.gateways} gateways`);
  }
  return {
    orgId,
    orgName,
    projectId: project.id,
    projectName: project.name,
    sensorTypeId: sensorType.id,
    assetId: asset.id,
    gateways,
  };
}

/** The highest N among names "Simulated gateway N" and "Simulated sensor N" (0 when none). */
export function highestNumber(names: readonly string[]): number {
  const pattern = new RegExp(`^(?:${GATEWAY_NAME_PREFIX}|${SENSOR_NAME_PREFIX}) (\\d+)$`);
  return names.reduce((max, name) => Math.max(max, Number(pattern.exec(name)?.[1] ?? 0)), 0);
}
