/**
 * The Dashboards window (spec §2): Home, New (themes list), Open (the list, Active / Archived), Recent,
 * Share, and the hidden Settings and Help. Every section but Home opens a dashboard's detail page one
 * step down its breadcrumb trail.
 */
import { APPS } from '@ferrite/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { SectionEmpty } from '../../ui/SectionEmpty';
import type { AppViewProps } from '../manifest';
import { type OpenIntent, TrailSection } from './detail/TrailSection';
import { DashboardsHome } from './home/Home';
import { dashboardsApp } from './index';
import { DashboardList } from './list/DashboardList';
import { NewSection } from './new/NewSection';
import { RecentSection } from './recent/RecentSection';
import { ShareSection } from './share/ShareSection';

/** The app's window body, by section. */
export default function DashboardsApp({ section, onNavigate }: AppViewProps) {
  // A dashboard to open as the next section shows (picked on Home); a section opened from the menu
  // starts on its list.
  const intent = useRef<{ section: string; open: OpenIntent } | null>(null);
  const navigate = useCallback(
    (next: string, open?: OpenIntent) => {
      intent.current = open ? { section: next, open } : null;
      onNavigate(next);
    },
    [onNavigate],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the intent is spent once its section has shown.
  useEffect(() => {
    intent.current = null;
  }, [section]);
  const initial = intent.current?.section === section ? intent.current.open : undefined;

  switch (section) {
    case 'dashboards':
      return <DashboardsHome onNavigate={navigate} />;
    case 'new':
      return <NewSection onLeave={() => navigate('open')} />;
    case 'open':
      return (
        <TrailSection trail="dashboards" initial={initial}>
          {(open) => (
            <DashboardList
              title="Dashboards"
              description="Every dashboard of the organization. Open one to watch it live, or edit its panels."
              breadcrumbs={<Breadcrumbs trail="dashboards" />}
              onOpen={open}
              onNew={() => navigate('new')}
            />
          )}
        </TrailSection>
      );
    case 'recent':
      return <RecentSection initial={initial} />;
    case 'share':
      return <ShareSection initial={initial} />;
    default: {
      // settings and help are dead links in both brands (spec §2); they show an empty section.
      const label = APPS.dashboards.sections.find((s) => s.key === section)?.label ?? section;
      return (
        <SectionEmpty sectionKey={section} label={label} appTitle="Dashboards" color={dashboardsApp.color} />
      );
    }
  }
}
