/** The IoT Manager window: Home, Topology, Gateways, Settings (firmware), and the hidden Help. */
import { APPS } from '@ferrite/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { SectionEmpty } from '../../ui/SectionEmpty';
import type { AppViewProps } from '../manifest';
import type { Crumb } from './common/trail';
import { GatewaysSection } from './gateways/GatewaysSection';
import { IotHome } from './home/Home';
import { iotManagerApp } from './index';
import { SettingsSection } from './settings/SettingsSection';
import { TopologySection } from './topology/TopologySection';

/** The app's window body, by section. */
export default function IotManagerApp({ section, onNavigate }: AppViewProps) {
  // Where the next section should open (a project picked on Home, the same project's topology…);
  // a section opened from the menu starts on My Projects.
  const intent = useRef<{ section: string; crumbs: Crumb[] } | null>(null);
  const navigate = useCallback(
    (next: string, crumbs?: Crumb[]) => {
      intent.current = crumbs ? { section: next, crumbs } : null;
      onNavigate(next);
    },
    [onNavigate],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the intent is spent once its section has shown.
  useEffect(() => {
    intent.current = null;
  }, [section]);
  const initial = intent.current?.section === section ? intent.current.crumbs : undefined;

  switch (section) {
    case 'iotManager':
      return <IotHome onNavigate={navigate} />;
    case 'topology':
      return <TopologySection initial={initial} onNavigate={navigate} />;
    case 'gateways':
      return <GatewaysSection initial={initial} onNavigate={navigate} />;
    case 'settings':
      return <SettingsSection />;
    default: {
      // help is a dead link in both brands (spec §2); it shows an empty section.
      const label = APPS.iotManager.sections.find((s) => s.key === section)?.label ?? section;
      return (
        <SectionEmpty sectionKey={section} label={label} appTitle="IoT Manager" color={iotManagerApp.color} />
      );
    }
  }
}
