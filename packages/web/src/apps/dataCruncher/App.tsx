/** The dataCruncher window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { dataCruncherApp } from './index';

const HIGHLIGHTS = [
  'Workspaces to explore and shape the time series your sensors send',
  'Tasks that crunch data on a schedule and keep their results',
  'Derived values you can turn into widgets for dashboards and reports',
];

/** The app's window body, by section. */
export default function DataCruncherApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="dataCruncher"
      icon={dataCruncherApp.icon}
      color={dataCruncherApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
