/** The reportWizard window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { reportWizardApp } from './index';

const HIGHLIGHTS = [
  'Templates with over 200 widgets, laid out once and reused',
  'Reports generated on a schedule and shared publicly or privately',
  'An Excel wizard: parameters, range, file type, sheet preferences and e-mail',
];

/** What each section will do, by section key. */
const PLANS: Record<string, string> = {
  templates: 'Will list your report templates, laid out once with widgets and reused.',
  reports: 'Will list generated and scheduled reports, shared publicly or privately.',
  excel: 'Will export parameters over a range to Excel, and mail the file.',
  settings: 'Will hold your report defaults.',
  help: 'Will explain templates, schedules and exports.',
};

/** The app's window body, by section. */
export default function ReportWizardApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="reportWizard"
      icon={reportWizardApp.icon}
      color={reportWizardApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
