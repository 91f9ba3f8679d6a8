/** The widgetManager window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { widgetManagerApp } from './index';

const HIGHLIGHTS = [
  'A widget store of ready-made charts, gauges and tables',
  'My Widgets: the widgets you built or saved, ready for dashboards and reports',
  'An editor to style series, units and formulas, with download and print options',
];

/** The app's window body, by section. */
export default function WidgetManagerApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="widgetManager"
      icon={widgetManagerApp.icon}
      color={widgetManagerApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
