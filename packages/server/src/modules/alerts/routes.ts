/** The Alerts API under /alert/orgs/{orgId}: alerts (§7), rules, evaluation (preview, backtest), silences, the in-app inbox, the webhook key. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../iotManager';
import { automationRoutes } from './automation/routes';
import { evaluationRoutes } from './evaluation/routes';
import { inboxRoutes } from './inbox/routes';
import { alertRoutes } from './lifecycle/routes';
import { ruleRoutes } from './rules/routes';
import { silenceRoutes } from './silences/routes';

/** Registers every Alerts route. */
export const alertsRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  await app.register(alertRoutes, deps);
  await app.register(ruleRoutes, deps);
  await app.register(evaluationRoutes, deps);
  await app.register(silenceRoutes, deps);
  await app.register(inboxRoutes, deps);
  await app.register(automationRoutes, deps);
};
