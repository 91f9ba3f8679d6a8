/**
 * @ferrite/simulator as a library: run a fleet in-process (demo mode, ingest benchmark) with or
 * without creating its gateways through the API first.
 */
import { DEMO_ADMIN } from './defaults';
import { DEFAULT_ENDPOINTS, type FleetOptions, type RunningFleet, runFleet } from './fleet';
import type { SimulatedGateway } from './gateway';
import { type ProvisionedFleet, provisionFleet } from './provision/index';

export { ApiError, FerriteApi, type Session, signIn } from './api';
export { DEMO_ADMIN } from './defaults';
export { DEFAULT_ENDPOINTS, type FleetOptions, type RunningFleet, runFleet } from './fleet';
export {
  gatewayFromToken,
  SIMULATOR_PROTOCOLS,
  type SimulatedGateway,
  type SimulatorProtocol,
} from './gateway';
export { MAX_PARAMS, PARAMETER_CATALOGUE, type ParameterProfile, parameterProfiles } from './parameters';
export { lookupGateway } from './provision/gateways';
export { type ProvisionedFleet, type ProvisionOptions, provisionFleet } from './provision/index';
export { type ResumeOptions, resumeFleet } from './provision/resume';
export type { FleetStats } from './stats';
export { type Reading, ReadingGenerator } from './values';

export interface StartFleetOptions extends Omit<FleetOptions, 'gateways'> {
  /** Gateways to drive; when absent, `provision` says how many to create through the API at `url`. */
  gateways?: readonly SimulatedGateway[];
  provision?: {
    count: number;
    /** Default: the demo admin. */
    email?: string;
    password?: string;
    org?: string;
    project?: string;
    onProgress?: (message: string) => void;
  };
}

export interface SimulatedFleet extends RunningFleet {
  gateways: readonly SimulatedGateway[];
  /** What provisioning created (null when the gateways were given). */
  provisioned: ProvisionedFleet | null;
}

/** Starts a fleet: the given gateways, or new ones created through the API; answers {stop, stats, done}. */
export async function startSimulatedFleet(options: StartFleetOptions): Promise<SimulatedFleet> {
  let provisioned: ProvisionedFleet | null = null;
  let gateways = options.gateways;
  if (!gateways) {
    if (!options.provision) throw new Error('startSimulatedFleet needs gateways or provision options');
    const { count, ...account } = options.provision;
    provisioned = await provisionFleet({
      url: options.url ?? DEFAULT_ENDPOINTS.url,
      email: account.email ?? DEMO_ADMIN.email,
      password: account.password ?? DEMO_ADMIN.password,
      org: account.org,
      project: account.project,
      onProgress: account.onProgress,
      gateways: count,
      protocol: options.protocol,
      params: options.params,
    });
    gateways = provisioned.gateways;
  }
  const fleet = await runFleet({ ...options, gateways });
  return { ...fleet, gateways, provisioned };
}
