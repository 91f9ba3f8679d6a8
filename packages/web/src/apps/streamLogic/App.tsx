/** The streamLogic window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { streamLogicApp } from './index';

const HIGHLIGHTS = [
  'Logic chains that act on streaming data as it arrives',
  'Nodes for alerts, actuation, webhooks, virtual sensors and messages',
  'A debugger that traces each message through the chain',
];

/** What each section will do, by section key. */
const PLANS: Record<string, string> = {
  logicChains:
    'Will start on your projects and open a project’s logic chains in the editor, with a debugger.',
  activity: 'Will record changes to logic chains.',
  settings: 'Will hold Stream Logic’s defaults.',
  help: 'Will explain chains, nodes and the debugger.',
};

/** The app's window body, by section. */
export default function StreamLogicApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="streamLogic"
      icon={streamLogicApp.icon}
      color={streamLogicApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
