/** Every app's manifest by key; the workspace's one door into the apps. */
import type { AppKey } from '@ferrite/contracts';
import { alertsApp } from './alerts';
import { dashboardsApp } from './dashboards';
import { dataCruncherApp } from './dataCruncher';
import { dataInsightsApp } from './dataInsights';
import { digitalTwinApp } from './digitalTwin';
import { entityManagerApp } from './entityManager';
import { iotManagerApp } from './iotManager';
import type { AppManifest } from './manifest';
import { pdmApp } from './pdm';
import { reportWizardApp } from './reportWizard';
import { roleManagerApp } from './roleManager';
import { streamLogicApp } from './streamLogic';
import { tenantManagerApp } from './tenantManager';
import { widgetManagerApp } from './widgetManager';

export const APP_MANIFESTS: Record<AppKey, AppManifest> = {
  roleManager: roleManagerApp,
  widgetManager: widgetManagerApp,
  dataCruncher: dataCruncherApp,
  entityManager: entityManagerApp,
  dashboards: dashboardsApp,
  iotManager: iotManagerApp,
  alerts: alertsApp,
  dataInsights: dataInsightsApp,
  digitalTwin: digitalTwinApp,
  tenantManager: tenantManagerApp,
  streamLogic: streamLogicApp,
  reportWizard: reportWizardApp,
  pdm: pdmApp,
};
