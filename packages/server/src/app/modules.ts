/**
 * Every server module, the twin of the web's `apps/registry.ts`: the root mounts their routes under
 * /api, lets the socket server ask their room rules, defines their jobs, hands their telemetry
 * subscribers to ingest and starts what they start. A new module is one folder in `modules/` with an
 * `index.ts`, and one line here.
 */
import { alertsModule } from '../modules/alerts';
import { authModule } from '../modules/auth';
import { brandModule } from '../modules/brand';
import { clientConfigModule } from '../modules/clientConfig';
import { dashboardsModule } from '../modules/dashboards';
import { entityManagerModule } from '../modules/entityManager';
import { geocodeModule } from '../modules/geocode';
import { healthModule } from '../modules/health';
import { invitationsModule } from '../modules/invitations';
import { type DeviceDeps, iotManagerModule } from '../modules/iotManager';
import { outboxModule } from '../modules/outbox';
import { profileModule } from '../modules/profile';
import { projectsModule } from '../modules/projects';
import { reportsModule } from '../modules/reports';
import { roleManagerModule } from '../modules/roleManager';
import { streamLogicModule } from '../modules/streamLogic';
import { telemetryModule } from '../modules/telemetry';
import { tenantManagerModule } from '../modules/tenantManager';
import type { ServerModule } from '../platform/module';

/** What every module's parts receive: the platform's services and the device services. */
export type ServerDeps = DeviceDeps;

export const SERVER_MODULES: readonly ServerModule<ServerDeps>[] = [
  healthModule,
  brandModule,
  clientConfigModule,
  authModule,
  profileModule,
  outboxModule,
  reportsModule,
  projectsModule,
  roleManagerModule,
  invitationsModule,
  tenantManagerModule,
  entityManagerModule,
  geocodeModule,
  telemetryModule,
  iotManagerModule,
  dashboardsModule,
  alertsModule,
  streamLogicModule,
];
