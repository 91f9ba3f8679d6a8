/** The dataInsights window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { dataInsightsApp } from './index';

const HIGHLIGHTS = [
  'An analyzer that finds facts and trends across a project',
  'Visualizations you can pin to dashboards',
  'Live updates while new data arrives',
];

/** What each section will do, by section key. */
const PLANS: Record<string, string> = {
  analyzer: 'Will start on your projects and find facts and trends across one of them.',
  settings: 'Will hold the analyzer’s defaults.',
  help: 'Will explain the analyzer and its visualizations.',
};

/** The app's window body, by section. */
export default function DataInsightsApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="dataInsights"
      icon={dataInsightsApp.icon}
      color={dataInsightsApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
