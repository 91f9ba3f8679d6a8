/** The dataCruncher window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { dataCruncherApp } from './index';

const HIGHLIGHTS = [
  'Workspaces to explore and shape the time series your sensors send',
  'Tasks that crunch data on a schedule and keep their results',
  'Derived values you can turn into widgets for dashboards and reports',
];

/** What each section will do, by section key. */
const PLANS: Record<string, string> = {
  workspace: 'Will let you explore and shape the time series your sensors send.',
  dataLake: 'Will keep the raw and derived data sets your tasks read and write.',
  tasks: 'Will run crunching jobs on a schedule and keep their results.',
  functions: 'Will hold the functions your tasks apply to data.',
  exportedWidgets: 'Will list the derived values you turned into widgets.',
  settings: 'Will hold the Data Cruncher’s defaults.',
  help: 'Will explain workspaces, tasks and functions.',
};

/** The app's window body, by section. */
export default function DataCruncherApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="dataCruncher"
      icon={dataCruncherApp.icon}
      color={dataCruncherApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
