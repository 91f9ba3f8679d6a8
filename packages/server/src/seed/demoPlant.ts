/**
 * Demo mode's simulated plant: a few gateways in the demo's first project publish realistic readings
 * over HTTPS into this very server, so a newcomer sees live values, logs and online gateways at once.
 * It talks to the public API like any device would (the simulator library), never to the database.
 * The first start creates the gateways, sensors and mappings and a dashboard over them; later starts
 * take the gateways over again (a dashboard the user deleted stays deleted).
 */
import { resumeFleet, type SimulatedFleet, signIn, startSimulatedFleet } from '@ferrite/simulator';
import type { Logger } from 'pino';
import { DEMO_ADMIN, DEMO_ORG, DEMO_PLANT_PROJECT } from './demo';
import { createDemoDashboard } from './demoDashboard';

/** How many gateways (each feeding one sensor) the plant has, and how often each reports. */
export const DEMO_PLANT_GATEWAYS = 4;
const READINGS_PER_SECOND = 1;
const PARAMETERS = 6;

export interface DemoPlant {
  stop(): Promise<void>;
}

/** Starts the plant against the server at `url`; logs and gives up (answers null) when it cannot. */
export async function startDemoPlant(url: string, log: Logger): Promise<DemoPlant | null> {
  const account = {
    url,
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    org: DEMO_ORG.name,
    project: DEMO_PLANT_PROJECT,
  };
  const common = { url, protocol: 'http' as const, rate: READINGS_PER_SECOND, params: PARAMETERS };
  let fleet: SimulatedFleet;
  try {
    const existing = await resumeFleet(account);
    fleet =
      existing.length > 0
        ? await startSimulatedFleet({ ...common, gateways: existing })
        : await startSimulatedFleet({
            ...common,
            provision: { ...account, count: DEMO_PLANT_GATEWAYS },
          });
  } catch (error) {
    // A renamed project or a changed demo password is the user's choice, not a failure to start.
    log.warn({ err: error }, 'The simulated demo plant did not start');
    return null;
  }
  const sensorIds = fleet.provisioned?.gateways.flatMap((gateway) => gateway.sensor_id ?? []) ?? [];
  if (sensorIds.length > 0) {
    try {
      const { api, orgId } = await signIn(url, account.email, account.password, account.org);
      await createDemoDashboard(api, orgId, sensorIds);
    } catch (error) {
      log.warn({ err: error }, 'The demo dashboard could not be created');
    }
  }
  log.info({ gateways: fleet.gateways.length, project: DEMO_PLANT_PROJECT }, 'Simulated demo plant running');
  return {
    stop: async () => {
      await fleet.stop();
    },
  };
}
