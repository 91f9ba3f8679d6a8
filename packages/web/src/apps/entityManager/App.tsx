/** The entityManager window until the app's own issue lands: a Home that tells what it will hold. */
import { PlaceholderApp } from '../../ui/PlaceholderApp';
import type { AppViewProps } from '../manifest';
import { entityManagerApp } from './index';

const HIGHLIGHTS = [
  'Sensors and assets in a multi-level hierarchy, grouped by project',
  'Custom asset and sensor types with metadata, properties and parameters',
  'An entity map that places every asset indoors or outdoors',
  'Caretakers and metadata (key, data type, unit, value) on every entity',
];

/** The app's window body, by section. */
export default function EntityManagerApp(props: AppViewProps) {
  return (
    <PlaceholderApp
      {...props}
      appKey="entityManager"
      icon={entityManagerApp.icon}
      color={entityManagerApp.color}
      highlights={HIGHLIGHTS}
    />
  );
}
