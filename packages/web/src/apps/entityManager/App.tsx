/** The Entity Manager window: Home, Sensors, Assets, Entity Map, Settings (the type lists), and the hidden Activity and Help. */
import { APPS } from '@ferrite/contracts';
import { SectionEmpty } from '../../ui/SectionEmpty';
import type { AppViewProps } from '../manifest';
import { EntitySection } from './entities/EntitySection';
import { EntityHome } from './home/Home';
import { entityManagerApp } from './index';
import { EntityMapSection } from './map/EntityMapSection';
import { TypesSection } from './types/TypesSection';

/** The app's window body, by section. */
export default function EntityManagerApp({ section, onNavigate }: AppViewProps) {
  switch (section) {
    case 'entityManager':
      return <EntityHome onNavigate={onNavigate} />;
    case 'sensors':
    case 'assets':
      // Keyed: switching between the two sections starts the other one fresh on its project list.
      return <EntitySection key={section} section={section} onNavigate={onNavigate} />;
    case 'entityMap':
      return <EntityMapSection onNavigate={onNavigate} />;
    case 'settings':
      return <TypesSection />;
    default: {
      // activity and help are dead links in both brands (spec §2); they show an empty section.
      const label = APPS.entityManager.sections.find((s) => s.key === section)?.label ?? section;
      return (
        <SectionEmpty
          sectionKey={section}
          label={label}
          appTitle="Entity Manager"
          color={entityManagerApp.color}
        />
      );
    }
  }
}
