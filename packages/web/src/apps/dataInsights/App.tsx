/** The dataInsights window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { dataInsightsApp } from './index';

const HIGHLIGHTS = [
  'An analyzer that finds facts and trends across a project',
  'Visualizations you can pin to dashboards',
  'Live updates while new data arrives',
];

/** The app's window body, by section. */
export default function DataInsightsApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="dataInsights"
      icon={dataInsightsApp.icon}
      color={dataInsightsApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
