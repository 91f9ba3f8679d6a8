/** The digitalTwin window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { digitalTwinApp } from './index';

const HIGHLIGHTS = [
  'Code-free 2D and 3D models of your plant, paired with physical assets',
  'Symbols, shapes, text, markers and images that follow live sensor values',
  'Sticky notes and predictive analytics on the model',
];

/** The app's window body, by section. */
export default function DigitalTwinApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="digitalTwin"
      icon={digitalTwinApp.icon}
      color={digitalTwinApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
