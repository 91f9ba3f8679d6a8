/** The digitalTwin window until the app lands (manifest `comingSoon`): its plans, on the home and each section. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { digitalTwinApp } from './index';

const HIGHLIGHTS = [
  'Code-free 2D and 3D models of your plant, paired with physical assets',
  'Symbols, shapes, text, markers and images that follow live sensor values',
  'Sticky notes and predictive analytics on the model',
];

/** What each section will do, by section key. */
const PLANS: Record<string, string> = {
  open: 'Will list your digital twins and open one in the editor, paired with its assets.',
};

/** The app's window body, by section. */
export default function DigitalTwinApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="digitalTwin"
      icon={digitalTwinApp.icon}
      color={digitalTwinApp.color}
      highlights={HIGHLIGHTS}
      plans={PLANS}
    />
  );
}
