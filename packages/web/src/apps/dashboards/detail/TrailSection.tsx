/**
 * A section that starts on a list under one of the spec's named trails (Dashboards, Recent Dashboards,
 * Shared Dashboards) and opens a dashboard one step deeper: the trail's second crumb is the open
 * dashboard, drawn on the detail page as the Dashboard Details trail, so clicking the list's crumb goes
 * back to the list.
 */
import type { BreadcrumbTrailKey } from '@ferrite/contracts';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTrail } from '../../../ui/Breadcrumbs';
import { DashboardDetail } from './DashboardDetail';
import { DetailTrail } from './DetailTrail';

/** A dashboard to open as the section shows (from Home, or just created). */
export interface OpenIntent {
  id: string;
  name: string;
  /** Open in edit mode. */
  edit?: boolean;
  /** Open the share dialog. */
  share?: boolean;
}

interface TrailSectionProps {
  trail: BreadcrumbTrailKey;
  initial?: OpenIntent;
  /** The list, given the way to open a dashboard. */
  children: (open: (intent: OpenIntent) => void) => ReactNode;
}

/** List or detail, by the trail. */
export function TrailSection({ trail: trailKey, initial, children }: TrailSectionProps) {
  const trail = useTrail(trailKey);
  const flags = useRef<{ edit?: boolean; share?: boolean }>({ edit: initial?.edit, share: initial?.share });
  const { extend, cut } = trail;
  const open = useCallback(
    (intent: OpenIntent) => {
      flags.current = { edit: intent.edit, share: intent.share };
      cut(0);
      extend({ label: intent.name, id: intent.id });
    },
    [cut, extend],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the intent is spent on mount, after useTrail's reset.
  useEffect(() => {
    if (initial) open(initial);
  }, []);

  const openCrumb = trail.crumbs[1];
  const rename = useCallback(
    (name: string) => {
      if (openCrumb?.id && openCrumb.label !== name) open({ id: openCrumb.id, name });
    },
    [openCrumb, open],
  );

  if (openCrumb?.id) {
    return (
      <DashboardDetail
        key={openCrumb.id}
        dashboardId={openCrumb.id}
        breadcrumbs={
          <DetailTrail from={trailKey} name={openCrumb.label} id={openCrumb.id} onBack={() => cut(0)} />
        }
        onLeave={() => cut(0)}
        onOpen={(id, name) => open({ id, name })}
        onName={rename}
        startEditing={flags.current.edit}
        startSharing={flags.current.share}
      />
    );
  }
  return <>{children(open)}</>;
}
