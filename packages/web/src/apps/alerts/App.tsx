/** The alerts window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { alertsApp } from './index';

const HIGHLIGHTS = [
  'An inbox of alerts with severity, status and who was told',
  'Rules on live data conditions, grouped by policy',
  'Delivery by e-mail, SMS, WhatsApp and in-app, and triggers for automation',
];

/** The app's window body, by section. */
export default function AlertsApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="alerts"
      icon={alertsApp.icon}
      color={alertsApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
