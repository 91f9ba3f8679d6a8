/** The roleManager window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { roleManagerApp } from './index';

const HIGHLIGHTS = [
  'User groups that grant apps and action items, with select-all for quick set-up',
  'Users with their groups, assets and apps, plus invitations you can resend',
  'Projects with managers, members, metadata and location, kept active or archived',
  'Custom roles that decide who may do what across the organization',
];

/** The app's window body, by section. */
export default function RoleManagerApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="roleManager"
      icon={roleManagerApp.icon}
      color={roleManagerApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
