/**
 * IoT Manager: gateways, their mapping, logs, commands and firmware, and the device side of it all
 * (ingest over MQTT, HTTP and CoAP). Owns the `gatewayLogs` and `projectGateways` socket rooms.
 * Other modules use its device services (built by the composition root) and dispatch commands.
 */
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from './ingest/deviceServices';
import { iotManagerRoutes } from './routes';

export const iotManagerModule = defineModule<DeviceDeps>({
  key: 'iotManager',
  routes: iotManagerRoutes,
  socketRooms: {
    gatewayLogs: {
      apps: ['iotManager'],
      exists: async ({ db }, room) =>
        Boolean(
          await db
            .selectFrom('gateways')
            .select('id')
            .where('org_id', '=', room.orgId)
            .where('id', '=', room.gatewayId)
            .executeTakeFirst(),
        ),
    },
    projectGateways: {
      apps: ['iotManager'],
      exists: async ({ db }, room) =>
        Boolean(
          await db
            .selectFrom('projects')
            .select('id')
            .where('org_id', '=', room.orgId)
            .where('id', '=', room.projectId)
            .executeTakeFirst(),
        ),
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
