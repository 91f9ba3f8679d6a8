/** The dashboards window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { dashboardsApp } from './index';

const HIGHLIGHTS = [
  'Live dashboards built from panels and widgets, starting from a theme',
  'Recent dashboards one click away, with duplicate and export',
  'Sharing with people by e-mail, or by a password-protected link',
];

/** The app's window body, by section. */
export default function DashboardsApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="dashboards"
      icon={dashboardsApp.icon}
      color={dashboardsApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
