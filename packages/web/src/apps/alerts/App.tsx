/** The alerts window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { alertsApp } from './index';

const HIGHLIGHTS = [
  'An inbox of alerts with severity, status and who was told',
  'Rules on live data conditions, grouped by policy',
  'Delivery by e-mail, SMS, WhatsApp and in-app, and triggers for automation',
];

/** What each section will do, by section key. */
const PLANS: Record<string, string> = {
  inbox: 'Will list the alerts raised for you, with severity, status and who was told.',
  projects: 'Will group alert rules by project.',
  apps: 'Will show which apps raise alerts and trigger automation.',
  logs: 'Will record every delivery by e-mail, SMS, WhatsApp and in-app.',
  settings: 'Will hold how and where you are told.',
  help: 'Will explain rules, conditions and delivery.',
};

/** The app's window body, by section. */
export default function AlertsApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="alerts"
      icon={alertsApp.icon}
      color={alertsApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
