/**
 * The Stream Logic window (spec §2): Home (chains at a glance), Logic Chains (My Projects → a project's
 * chains → the editor), and the hidden Activity (reached from the editor), Settings and Help.
 */
import { APPS } from '@ferrite/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { SectionEmpty } from '../../ui/SectionEmpty';
import type { AppViewProps } from '../manifest';
import { ActivitySection } from './activity/ActivitySection';
import { LogicChainsSection } from './chains/LogicChainsSection';
import { type Crumb, MY_PROJECTS } from './common/trail';
import { StreamHome } from './home/StreamHome';
import { streamLogicApp } from './index';

/** Where the next section opens: a project (and chain) instead of My Projects. */
interface Intent {
  section: string;
  crumbs: Crumb[];
  chain?: { id: string; name: string };
}

/** The app's window body, by section. */
export default function StreamLogicApp({ section, onNavigate }: AppViewProps) {
  const intent = useRef<Intent | null>(null);
  const go = useCallback(
    (next: Intent | string) => {
      intent.current = typeof next === 'string' ? null : next;
      onNavigate(typeof next === 'string' ? next : next.section);
    },
    [onNavigate],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the intent is spent once its section has shown.
  useEffect(() => {
    intent.current = null;
  }, [section]);
  const here = intent.current?.section === section ? intent.current : null;

  switch (section) {
    case 'streamLogic':
      return (
        <StreamHome
          onChains={() => go('logicChains')}
          onOpenChain={(chain) =>
            go({
              section: 'logicChains',
              crumbs: [
                { label: MY_PROJECTS },
                { label: chain.project_name, id: chain.project_id },
                { label: chain.name, id: chain.id },
              ],
            })
          }
        />
      );
    case 'logicChains':
      return (
        <LogicChainsSection
          initial={here?.crumbs}
          onActivity={(project, chain) =>
            go({
              section: 'activity',
              crumbs: [{ label: MY_PROJECTS }, project],
              chain: chain.id ? { id: chain.id, name: chain.label } : undefined,
            })
          }
        />
      );
    case 'activity':
      return <ActivitySection initial={here?.crumbs} chain={here?.chain} />;
    default: {
      const label = APPS.streamLogic.sections.find((s) => s.key === section)?.label ?? section;
      return (
        <SectionEmpty
          sectionKey={section}
          label={label}
          appTitle="Stream Logic"
          color={streamLogicApp.color}
        />
      );
    }
  }
}
