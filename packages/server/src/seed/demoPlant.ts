/**
 * Demo mode's simulated plant: the gateways of the demo's three projects (seed/demo/plant/*) publish
 * readings into this very server over MQTT, CoAP and HTTPS, so a newcomer sees live values, logs and
 * online gateways at once. It talks to the public API and the device protocols like any device would
 * (the simulator library), never to the database. Each start takes the gateways over by reissuing their
 * tokens (the server shows a token once); MQTT and CoAP gateways post over HTTPS when that server is off.
 */
import type { Gateway } from '@ferrite/contracts';
import {
  type FerriteApi,
  type SimulatedFleet,
  type SimulatedGateway,
  type SimulatorProtocol,
  signIn,
  startSimulatedFleet,
} from '@ferrite/simulator';
import type { Logger } from 'pino';
import { DEMO_ADMIN, DEMO_ORG } from './demo';
import { DEMO_PLANT_SEED, gatewayProfiles } from './demo/plant/fields';
import { DEMO_PLANTS } from './demo/plant/index';

/** How many gateways the plant has. */
export const DEMO_PLANT_GATEWAYS = DEMO_PLANTS.reduce((sum, plant) => sum + plant.gateways.length, 0);

export interface DemoPlant {
  stop(): Promise<void>;
}

export interface DemoPlantEndpoints {
  url: string;
  /** Absent when the embedded broker or the CoAP server does not run. */
  mqttUrl?: string;
  coapUrl?: string;
}

/** The project's gateways by name, as the API lists them. */
async function projectGateways(
  api: FerriteApi,
  orgId: string,
  projectId: string,
): Promise<Map<string, Gateway>> {
  const answer = await api.get<{ gateways: Gateway[] }>(
    `/iot_mgmt/orgs/${orgId}/projects/${projectId}/gateways?page_size=200&page_number=1`,
  );
  return new Map(answer.gateways.map((gateway) => [gateway.name, gateway]));
}

/** The plant's gateways, taken over with fresh tokens and grouped by the transport they will use. */
async function takeOver(endpoints: DemoPlantEndpoints) {
  const { api, orgId } = await signIn(endpoints.url, DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ORG.name);
  const projects = await api.get<{ projects: { id: string; name: string }[] }>(
    `/entity_mgmt/orgs/${orgId}/projects?page_size=200`,
  );
  const fleets = new Map<SimulatorProtocol, SimulatedGateway[]>();
  for (const plant of DEMO_PLANTS) {
    const project = projects.projects.find((p) => p.name === plant.project);
    // A renamed or deleted project is the user's choice: its gateways simply stay quiet.
    if (!project) continue;
    const existing = await projectGateways(api, orgId, project.id);
    for (const spec of plant.gateways) {
      const gateway = existing.get(spec.name);
      if (!gateway) continue;
      const rotated = await api.post<{ access_token: string; gateway: Gateway }>(
        `/iot_mgmt/orgs/${orgId}/gateways/${gateway.uuid}/access_token`,
        {},
      );
      const protocol: SimulatorProtocol =
        (spec.protocol === 'mqtt' && !endpoints.mqttUrl) || (spec.protocol === 'coap' && !endpoints.coapUrl)
          ? 'http'
          : spec.protocol;
      const list = fleets.get(protocol) ?? [];
      list.push({
        uuid: rotated.gateway.uuid,
        name: rotated.gateway.name,
        topic: rotated.gateway.topic,
        client_id: rotated.gateway.client_id,
        username: rotated.gateway.username,
        access_token: rotated.access_token,
        // By name, not by place in its fleet: a gateway that falls back to HTTPS keeps its values.
        valueKey: spec.name,
        profiles: gatewayProfiles(plant, spec, Date.parse(gateway.created_at)),
        rate: spec.rate,
        batch: spec.batch,
        firmware: spec.firmware,
      });
      fleets.set(protocol, list);
    }
  }
  return fleets;
}

/** Starts the plant against the server; logs and gives up (answers null) when it cannot. */
export async function startDemoPlant(endpoints: DemoPlantEndpoints, log: Logger): Promise<DemoPlant | null> {
  const running: SimulatedFleet[] = [];
  try {
    const fleets = await takeOver(endpoints);
    for (const [protocol, gateways] of fleets) {
      running.push(
        await startSimulatedFleet({
          url: endpoints.url,
          mqttUrl: endpoints.mqttUrl,
          coapUrl: endpoints.coapUrl,
          protocol,
          gateways,
          seed: DEMO_PLANT_SEED,
          // Each gateway brings its own rate, batch and fields; these are only the fleet's defaults.
          rate: 1,
        }),
      );
    }
  } catch (error) {
    await Promise.allSettled(running.map((fleet) => fleet.stop()));
    // A changed demo password or a removed admin is the user's choice, not a failure to start.
    log.warn({ err: error }, 'The simulated demo plant did not start');
    return null;
  }
  const gateways = running.reduce((sum, fleet) => sum + fleet.gateways.length, 0);
  log.info({ gateways, transports: running.length }, 'Simulated demo plant running');
  return {
    stop: async () => {
      await Promise.all(running.map((fleet) => fleet.stop()));
    },
  };
}
