/** The Dashboards API: dashboards, panels, widgets, command widgets, duplicates, links and shares, the shared view, the catalogue, reports. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../iotManager';
import { catalogueRoutes } from './catalogue/routes';
import { commandWidgetRoutes } from './commandWidgets/routes';
import { dashboardRoutes } from './dashboards/routes';
import { duplicateRoutes } from './duplicates/routes';
import { panelRoutes } from './panels/routes';
import { reportRoutes } from './reports/routes';
import { exportRoutes } from './sharing/exportRoutes';
import { sharedViewRoutes } from './sharing/sharedViewRoutes';
import { userShareRoutes } from './sharing/userShareRoutes';
import { widgetRoutes } from './widgets/routes';

/** Registers every Dashboards route under /dash_mgmt. */
export const dashboardsRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  await app.register(dashboardRoutes, deps);
  await app.register(panelRoutes, deps);
  await app.register(widgetRoutes, deps);
  await app.register(commandWidgetRoutes, deps);
  await app.register(duplicateRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(userShareRoutes, deps);
  await app.register(sharedViewRoutes, deps);
  await app.register(catalogueRoutes, deps);
  await app.register(reportRoutes, deps);
};
