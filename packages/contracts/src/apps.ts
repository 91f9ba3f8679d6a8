/** The app registry of spec §1-§2: app keys, titles, section keys and labels, hidden links. */

export const APP_KEYS = [
  'roleManager',
  'widgetManager',
  'dataCruncher',
  'entityManager',
  'dashboards',
  'iotManager',
  'alerts',
  'dataInsights',
  'digitalTwin',
  'tenantManager',
  'streamLogic',
  'reportWizard',
  'pdm',
] as const;

export type AppKey = (typeof APP_KEYS)[number];

export interface AppSection {
  key: string;
  label: string;
  /** Hidden (dead) links stay registered so routes and tests can name them, but no menu shows them. */
  hidden: boolean;
}

export interface AppDefinition {
  key: AppKey;
  title: string;
  description: string;
  /** Sections in menu order; the first is where the app opens. */
  sections: AppSection[];
  /** Sections whose pages show a breadcrumb trail. */
  breadcrumbSections: string[];
}

type SectionSpec = [key: string, label: string];

function defineApp(
  key: AppKey,
  title: string,
  description: string,
  sections: SectionSpec[],
  hidden: string[] = [],
  breadcrumbSections: string[] = [],
): AppDefinition {
  return {
    key,
    title,
    description,
    sections: sections.map(([sectionKey, label]) => ({
      key: sectionKey,
      label,
      hidden: hidden.includes(sectionKey),
    })),
    breadcrumbSections,
  };
}

const SETTINGS: SectionSpec = ['settings', 'Settings'];
const HELP: SectionSpec = ['help', 'Help'];

export const APPS: Record<AppKey, AppDefinition> = {
  roleManager: defineApp(
    'roleManager',
    'Role Manager',
    'Users, user groups, projects, roles and invitations.',
    [
      ['roleManager', 'Home'],
      ['usersGroups', 'User Groups'],
      ['users', 'Users'],
      ['projects', 'Projects'],
      ['activity', 'Activity'],
      SETTINGS,
      HELP,
    ],
    ['settings', 'help', 'activity'],
  ),
  widgetManager: defineApp(
    'widgetManager',
    'Widget Manager',
    'Widget store, your own widgets and the widget editor.',
    [
      ['widgetManager', 'Home'],
      ['widgetStore', 'Widget Store'],
      ['myWidgets', 'My Widgets'],
      ['editor', 'Editor'],
      SETTINGS,
      HELP,
    ],
  ),
  dataCruncher: defineApp(
    'dataCruncher',
    'Data Cruncher',
    'Workspaces, data lake, tasks, functions and exported widgets.',
    [
      ['dataCruncher', 'Home'],
      ['workspace', 'Workspace'],
      ['dataLake', 'Data Lake'],
      ['tasks', 'Tasks'],
      ['functions', 'Functions'],
      ['exportedWidgets', 'Exported Widgets'],
      SETTINGS,
      HELP,
    ],
    ['settings', 'help', 'dataLake', 'functions', 'exportedWidgets'],
  ),
  entityManager: defineApp(
    'entityManager',
    'Entity Manager',
    'Assets and sensors in a multi-level hierarchy, with types and a map.',
    [
      ['entityManager', 'Home'],
      ['sensors', 'Sensors'],
      ['assets', 'Assets'],
      ['entityMap', 'Entity Map'],
      ['activity', 'Activity'],
      SETTINGS,
      HELP,
    ],
    ['activity', 'help'],
    ['sensors', 'assets', 'entityMap'],
  ),
  dashboards: defineApp(
    'dashboards',
    'Dashboards',
    'Live dashboards of panels and widgets, shared with people or by link.',
    [
      ['dashboards', 'Home'],
      ['new', 'New'],
      ['open', 'Open'],
      ['recent', 'Recent'],
      ['share', 'Share'],
      SETTINGS,
      HELP,
    ],
    ['settings', 'help'],
    ['new', 'open', 'recent', 'share'],
  ),
  iotManager: defineApp(
    'iotManager',
    'IoT Manager',
    'Gateways over MQTT, HTTPS and CoAP: mapping, heartbeats, commands and firmware.',
    [['iotManager', 'Home'], ['topology', 'Topology'], ['gateways', 'Gateways'], SETTINGS, HELP],
    ['help'],
    ['topology', 'gateways'],
  ),
  alerts: defineApp(
    'alerts',
    'Alerts',
    'Alert rules on live data, delivered by e-mail, SMS, WhatsApp and in-app.',
    [
      ['alerts', 'Home'],
      ['inbox', 'Inbox'],
      ['projects', 'Projects'],
      ['apps', 'Apps'],
      ['logs', 'Logs'],
      SETTINGS,
      HELP,
    ],
    ['projects', 'settings', 'help', 'apps', 'logs'],
  ),
  dataInsights: defineApp(
    'dataInsights',
    'Data Insights',
    'Analyze facts and trends across your projects.',
    [['home', 'Home'], ['analyzer', 'Analyzer'], SETTINGS, HELP],
    ['help'],
    ['analyzer'],
  ),
  digitalTwin: defineApp(
    'digitalTwin',
    'Digital Twin',
    'Code-free 2D and 3D models paired with physical assets.',
    [
      ['digitalTwin', 'Home'],
      ['open', 'Open'],
    ],
  ),
  tenantManager: defineApp(
    'tenantManager',
    'Tenant Manager',
    'Organizations on the platform and their sign-up requests.',
    [
      ['tenantManager', 'Home'],
      ['organization', 'Organization'],
      ['requests', 'Requests'],
    ],
    [],
    ['organization', 'requests'],
  ),
  streamLogic: defineApp(
    'streamLogic',
    'Stream Logic',
    'Logic chains over streaming data, with a debugger.',
    [['streamLogic', 'Home'], ['logicChains', 'Logic Chains'], ['activity', 'Activity'], SETTINGS, HELP],
    ['settings', 'help', 'activity'],
  ),
  reportWizard: defineApp(
    'reportWizard',
    'Report Wizard',
    'Templates, scheduled reports and Excel exports.',
    [
      ['home', 'Home'],
      ['templates', 'Templates'],
      ['reports', 'Reports'],
      ['excel', 'Excel'],
      SETTINGS,
      HELP,
    ],
    ['settings', 'help'],
    ['templates', 'reports'],
  ),
  pdm: defineApp('pdm', 'PDM', 'Predictive maintenance.', [['pdm', 'Home']]),
};

/** The sections a menu shows: every section that is not a hidden link. */
export function visibleSections(app: AppDefinition): AppSection[] {
  return app.sections.filter((section) => !section.hidden);
}

/** The section an app opens on (and returns to when closed). */
export function firstSection(app: AppDefinition): string {
  const first = app.sections[0];
  if (!first) throw new Error(`App ${app.key} has no sections`);
  return first.key;
}

/** True when the string names a registered app. */
export function isAppKey(value: string): value is AppKey {
  return (APP_KEYS as readonly string[]).includes(value);
}

/** The named breadcrumb trails of spec §2, by trail key. */
export const BREADCRUMB_TRAILS = {
  sensorProjects: "Sensor's Projects",
  assetProjects: "Assets's Projects",
  entityMapProjects: 'Entity Map Projects',
  newDashboard: 'New Dashboard',
  dashboards: 'Dashboards',
  recentDashboards: 'Recent Dashboards',
  sharedDashboards: 'Shared Dashboards',
  dashboardDetails: 'Dashboard Details',
  analyzerProjects: 'Project list or My Analyzers',
  myOrganizations: 'My Organizations',
  myRequests: 'My Requests',
  myReports: 'My Reports',
  myTemplates: 'My Templates',
} as const;

export type BreadcrumbTrailKey = keyof typeof BREADCRUMB_TRAILS;
