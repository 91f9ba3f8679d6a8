/** The tenantManager window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { tenantManagerApp } from './index';

const HIGHLIGHTS = [
  'Every organization on the platform, with its apps and members',
  'Sign-up requests to review and approve',
];

/** The app's window body, by section. */
export default function TenantManagerApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="tenantManager"
      icon={tenantManagerApp.icon}
      color={tenantManagerApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
