/** The reportWizard window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { reportWizardApp } from './index';

const HIGHLIGHTS = [
  'Templates with over 200 widgets, laid out once and reused',
  'Reports generated on a schedule and shared publicly or privately',
  'An Excel wizard: parameters, range, file type, sheet preferences and e-mail',
];

/** The app's window body, by section. */
export default function ReportWizardApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="reportWizard"
      icon={reportWizardApp.icon}
      color={reportWizardApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
