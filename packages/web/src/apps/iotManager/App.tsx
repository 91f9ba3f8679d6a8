/** The iotManager window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { iotManagerApp } from './index';

const HIGHLIGHTS = [
  'A topology of projects, gateways and the devices behind them',
  'HTTPS and MQTT gateways speaking HTTP, MQTT or CoAP, with credentials and access tokens',
  'JSON payload mapping onto sensor parameters, with live logs and heartbeats',
  'Device commands and firmware updates',
];

/** The app's window body, by section. */
export default function IotManagerApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="iotManager"
      icon={iotManagerApp.icon}
      color={iotManagerApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
