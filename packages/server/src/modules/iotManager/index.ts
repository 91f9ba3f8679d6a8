/**
 * IoT Manager: gateways, their mapping, logs, commands and firmware, and the device side of it all
 * (ingest over MQTT, HTTP and CoAP). Owns the `gatewayLogs` and `projectGateways` socket rooms, the
 * gateway status sweep (every 5 s, once across nodes) and command expiry (delayed jobs at each
 * command's expires_at, with a catch-up each minute). Other modules use its device services (built by
 * the composition root) and dispatch commands.
 */
import { defineModule } from '../../platform/module';
import { ProjectRepository } from '../projects';
import { alertAutomationJobs } from './commands/automationJobs';
import { commandExpiryJob } from './commands/expiryJob';
import { GatewayRepository } from './gateways/repository';
import { gatewayStatusSweepJob } from './gateways/statusSweepJob';
import type { DeviceDeps } from './ingest/deviceServices';
import { iotManagerRoutes } from './routes';

export const iotManagerModule = defineModule<DeviceDeps>({
  key: 'iotManager',
  routes: iotManagerRoutes,
  jobs: (deps) => [gatewayStatusSweepJob(deps), commandExpiryJob(deps), ...alertAutomationJobs(deps)],
  socketRooms: {
    gatewayLogs: {
      apps: ['iotManager'],
      exists: ({ db }, room) => new GatewayRepository(db).exists(room.orgId, room.gatewayId),
    },
    projectGateways: {
      apps: ['iotManager'],
      exists: async ({ db }, room) =>
        Boolean(await new ProjectRepository(db).find(room.orgId, room.projectId)),
    },
  },
});

export { type DispatchDeps, dispatchCommand } from './commands/dispatch';
export { expireCommands } from './commands/expireCommands';
export { CommandRepository, type CommandRow } from './commands/repository';
export {
  createDeviceServices,
  type DeviceDeps,
  type DeviceServiceOptions,
  type DeviceServices,
} from './ingest/deviceServices';
export { type DeviceTransports, startDeviceTransports } from './ingest/deviceTransports';
export { gatewayStatus } from './shared';
