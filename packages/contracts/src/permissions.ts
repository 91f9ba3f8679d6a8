/** The permissions catalogue: per app, the actions a user group or role can allow (issue 4). */
import type { AppKey } from './apps';

/** Every app's actions; 'view' opens the app, the rest are what its screens can change. */
export const APP_ACTIONS = {
  roleManager: [
    'view',
    'manageUsers',
    'inviteUsers',
    'manageUserGroups',
    'manageRoles',
    'manageProjects',
    'viewActivity',
  ],
  widgetManager: ['view', 'manageWidgets'],
  dataCruncher: ['view', 'manageWorkspaces', 'runTasks'],
  entityManager: ['view', 'manageTypes', 'manageAssets', 'manageSensors', 'importExport'],
  dashboards: ['view', 'create', 'edit', 'delete', 'share', 'export'],
  iotManager: ['view', 'manageGateways', 'actuate', 'manageFirmware', 'deleteLogs'],
  alerts: ['view', 'manageRules', 'acknowledge'],
  dataInsights: ['view', 'analyze'],
  digitalTwin: ['view', 'edit'],
  tenantManager: ['view', 'manageOrganizations', 'manageRequests'],
  streamLogic: ['view', 'editChains', 'deploy', 'debug'],
  reportWizard: ['view', 'manageTemplates', 'manageReports', 'downloadExcel', 'send'],
  pdm: ['view'],
} as const satisfies Record<AppKey, readonly string[]>;

export type AppAction<K extends AppKey = AppKey> = (typeof APP_ACTIONS)[K][number];

/** A permission is `app.action`, e.g. `dashboards.share`. */
export type Permission = { [K in AppKey]: `${K}.${(typeof APP_ACTIONS)[K][number]}` }[AppKey];

/** Human labels for the actions, for the group and role editors. */
export const ACTION_LABELS: Record<string, string> = {
  view: 'Open the app',
  manageUsers: 'Edit and archive users',
  inviteUsers: 'Invite users',
  manageUserGroups: 'Manage user groups',
  manageRoles: 'Manage roles',
  manageProjects: 'Manage projects',
  viewActivity: 'View activity',
  manageWidgets: 'Manage widgets',
  manageWorkspaces: 'Manage workspaces',
  runTasks: 'Run tasks',
  manageTypes: 'Manage asset and sensor types',
  manageAssets: 'Manage assets',
  manageSensors: 'Manage sensors',
  importExport: 'Import and export',
  create: 'Create',
  edit: 'Edit',
  delete: 'Delete',
  share: 'Share',
  export: 'Export',
  manageGateways: 'Manage gateways',
  actuate: 'Send commands',
  manageFirmware: 'Manage firmware',
  deleteLogs: 'Delete logs',
  manageRules: 'Manage alert rules',
  acknowledge: 'Acknowledge alerts',
  analyze: 'Analyze',
  editChains: 'Edit logic chains',
  deploy: 'Deploy',
  debug: 'Debug',
  manageOrganizations: 'Manage organizations',
  manageRequests: 'Approve sign-up requests',
  manageTemplates: 'Manage templates',
  manageReports: 'Manage reports',
  downloadExcel: 'Download Excel',
  send: 'Send reports',
};

/** Every permission of the catalogue. */
export const ALL_PERMISSIONS: Permission[] = (Object.keys(APP_ACTIONS) as AppKey[]).flatMap((app) =>
  APP_ACTIONS[app].map((action) => `${app}.${action}` as Permission),
);

/** Apps only platform admins may open, whatever a group allows. */
export const PLATFORM_ADMIN_APPS: readonly AppKey[] = ['tenantManager'];

/** True when the string is a permission of the catalogue. */
export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as string[]).includes(value);
}

/** The app a permission belongs to. */
export function permissionApp(permission: Permission): AppKey {
  return permission.split('.')[0] as AppKey;
}

/** Every permission of one app (what "select all" picks in the editors). */
export function appPermissions(app: AppKey): Permission[] {
  return APP_ACTIONS[app].map((action) => `${app}.${action}` as Permission);
}
