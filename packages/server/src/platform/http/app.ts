/** Builds the Fastify app: logging, validation, errors, auth context, OpenAPI, modules, web app. */

import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ingestHttpRoutes } from '../../ingest/transports/http';
import { authRoutes } from '../../modules/auth/routes';
import { brandRoutes } from '../../modules/brand/routes';
import { clientConfigRoutes } from '../../modules/clientConfig/routes';
import { dashboardsRoutes } from '../../modules/dashboards/routes';
import { entityManagerRoutes } from '../../modules/entityManager/routes';
import { geocodeRoutes } from '../../modules/geocode/routes';
import { healthRoutes } from '../../modules/health/routes';
import { invitationRoutes } from '../../modules/invitations/routes';
import { iotManagerRoutes } from '../../modules/iotManager/routes';
import { outboxRoutes } from '../../modules/outbox/routes';
import { profileRoutes } from '../../modules/profile/routes';
import { reportTokenRoutes } from '../../modules/reports/routes';
import { activityRoutes } from '../../modules/roleManager/activity/routes';
import { roleManagerInvitationsRoutes } from '../../modules/roleManager/invitations/routes';
import { projectRoutes } from '../../modules/roleManager/projects/routes';
import { roleRoutes } from '../../modules/roleManager/roles/routes';
import { userGroupRoutes } from '../../modules/roleManager/userGroups/routes';
import { roleManagerUsersRoutes } from '../../modules/roleManager/users/routes';
import { telemetryRoutes } from '../../modules/telemetry/routes';
import { tenantManagerRoutes } from '../../modules/tenantManager/routes';
import { installAuthContext } from './authContext';
import { contentSecurityPolicyDirectives } from './contentSecurityPolicy';
import type { AppDeps } from './deps';
import { installErrorHandling } from './errorHandler';
import { installJsonBodyParser } from './jsonBody';
import { requestLogController } from './logging';
import { installStoredTextAnswers } from './storedText';
import { fastifyTrustProxy } from './trustedProxies';
import { installWebApp } from './webApp';

/** Every API module, mounted under /api. Add a module here when it lands. */
const API_MODULES = [
  healthRoutes,
  brandRoutes,
  clientConfigRoutes,
  authRoutes,
  profileRoutes,
  outboxRoutes,
  reportTokenRoutes,
  userGroupRoutes,
  roleRoutes,
  projectRoutes,
  activityRoutes,
  tenantManagerRoutes,
  roleManagerUsersRoutes,
  roleManagerInvitationsRoutes,
  invitationRoutes,
  entityManagerRoutes,
  geocodeRoutes,
  telemetryRoutes,
  iotManagerRoutes,
  dashboardsRoutes,
  ingestHttpRoutes,
];

/** Creates the HTTP app for the given dependencies (not yet listening). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps Fastify's default generic logger type.
    loggerInstance: deps.log as FastifyBaseLogger,
    logController: requestLogController(deps.config.logFormat),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // request.ip, the one client address every throttle and log line uses: forwarded headers count
    // only from TRUST_PROXY's proxies, never from whoever sends them.
    trustProxy: fastifyTrustProxy(deps.config.trustedProxies),
    bodyLimit: 6 * 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installStoredTextAnswers(app);
  installErrorHandling(app);
  installJsonBodyParser(app);
  installAuthContext(app, deps.db, deps.jwt);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    // helmet's defaults would add upgrade-insecure-requests, which breaks a plain-HTTP install on a LAN.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(deps.config) },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Ferrite API', version: '0.1.0', description: 'Industrial IoT and analytics workspace' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const module of API_MODULES) await api.register(module, deps);
    },
    { prefix: '/api' },
  );
  await installWebApp(app, deps.config);
  return app;
}
