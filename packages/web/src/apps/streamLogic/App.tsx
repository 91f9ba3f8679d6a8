/** The streamLogic window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { streamLogicApp } from './index';

const HIGHLIGHTS = [
  'Logic chains that act on streaming data as it arrives',
  'Nodes for alerts, actuation, webhooks, virtual sensors and messages',
  'A debugger that traces each message through the chain',
];

/** The app's window body, by section. */
export default function StreamLogicApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="streamLogic"
      icon={streamLogicApp.icon}
      color={streamLogicApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
