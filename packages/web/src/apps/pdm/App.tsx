/** The pdm window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { pdmApp } from './index';

const HIGHLIGHTS = [
  'Health scores for critical machines, learned from their sensor history',
  'Early warnings of drift before it becomes downtime',
  'Maintenance windows suggested from the predicted wear',
];

/** PDM has no section besides its home. */
const PLANS: Record<string, string> = {};

/** The app's window body, by section. */
export default function PdmApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="pdm"
      icon={pdmApp.icon}
      color={pdmApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
