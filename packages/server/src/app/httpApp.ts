/** Builds the Fastify app: logging, validation, errors, auth context, metrics, OpenAPI, modules, web app. */

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
import { installAuthContext } from '../platform/http/authContext';
import { contentSecurityPolicyDirectives } from '../platform/http/contentSecurityPolicy';
import { installErrorHandling } from '../platform/http/errorHandler';
import { installJsonBodyParser } from '../platform/http/jsonBody';
import { requestLogController } from '../platform/http/logging';
import { installStoredTextAnswers } from '../platform/http/storedText';
import { fastifyTrustProxy } from '../platform/http/trustedProxies';
import { installWebApp } from '../platform/http/webApp';
import { closeConnectionsWhileDraining } from '../platform/lifecycle/drainConnections';
import { installMetrics } from '../platform/metrics/metricsRoute';
import type { ServerModule } from '../platform/module';
import { SERVER_MODULES, type ServerDeps } from './modules';

/** Creates the HTTP app for the given dependencies with every module's routes (not yet listening). */
export async function buildApp(
  deps: ServerDeps,
  modules: readonly ServerModule<ServerDeps>[] = SERVER_MODULES,
): Promise<FastifyInstance> {
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
  installAuthContext(app, deps.db, deps.jwt, deps.bus);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installMetrics(app, deps.metrics, deps.config.metricsToken);
  closeConnectionsWhileDraining(app, deps.readiness);

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
      for (const module of modules) if (module.routes) await api.register(module.routes, deps);
    },
    { prefix: '/api' },
  );
  await installWebApp(app, deps.config);
  return app;
}
