/** The widgetManager window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { widgetManagerApp } from './index';

const HIGHLIGHTS = [
  'A widget store of ready-made charts, gauges and tables',
  'My Widgets: the widgets you built or saved, ready for dashboards and reports',
  'An editor to style series, units and formulas, with download and print options',
];

/** What each section will do, by section key. */
const PLANS: Record<string, string> = {
  widgetStore: 'Will offer ready-made charts, gauges, tables and maps to add to your widgets.',
  myWidgets: 'Will list the widgets you built or saved, ready for dashboards and reports.',
  editor: 'Will style a widget’s series, units and formulas, and download or print its chart.',
  settings: 'Will hold your defaults for new widgets.',
  help: 'Will explain the widget store, your widgets and the editor.',
};

/** The app's window body, by section. */
export default function WidgetManagerApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="widgetManager"
      icon={widgetManagerApp.icon}
      color={widgetManagerApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
