/** The IoT Manager API: projects and topology, gateways, mapping, logs, commands, firmware and its download; HTTP ingest. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandRoutes } from './commands/routes';
import { firmwareDownloadRoutes } from './firmware/download';
import { firmwareRoutes } from './firmware/routes';
import { gatewayRoutes } from './gateways/routes';
import type { DeviceDeps } from './ingest/deviceServices';
import { ingestHttpRoutes } from './ingest/transports/http';
import { gatewayLogRoutes } from './logs/routes';
import { mappingRoutes } from './mapping/routes';
import { iotProjectRoutes } from './projects/routes';

/** Registers every IoT Manager route under /iot_mgmt, and the devices' HTTP ingest. */
export const iotManagerRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  await app.register(iotProjectRoutes, deps);
  await app.register(gatewayRoutes, deps);
  await app.register(mappingRoutes, deps);
  await app.register(gatewayLogRoutes, deps);
  await app.register(commandRoutes, deps);
  await app.register(firmwareRoutes, deps);
  await app.register(firmwareDownloadRoutes, deps);
  await app.register(ingestHttpRoutes, deps);
};
