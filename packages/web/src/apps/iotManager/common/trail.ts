/**
 * The trail of the Topology and Gateways sections (spec §2: "Topology and gateways show a breadcrumb",
 * starting on My Projects). Kept in the section while it is mounted, like ui/Breadcrumbs' useTrail
 * (which also starts a section over at its root); the contracts do not name these trails yet, so they
 * are not in the shared breadcrumbs store.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Crumb } from '../../../workspace/breadcrumbsSlice';

export type { Crumb };

/** The root every IoT Manager trail starts from (spec §2 "projectList (My Projects)"). */
export const MY_PROJECTS = 'My Projects';

export interface LocalTrail {
  crumbs: Crumb[];
  /** Opens a page one step deeper. */
  extend: (crumb: Crumb) => void;
  /** Goes back to the crumb at index (kept). */
  cut: (index: number) => void;
  /** Renames the crumb of a page once its name is known or changed. */
  rename: (index: number, label: string) => void;
}

/**
 * Moves the window to another section of the app; with crumbs, that section opens at them (e.g. the
 * same project's topology) instead of at My Projects.
 */
export type IotNavigate = (section: string, crumbs?: Crumb[]) => void;

/** The root crumb alone. */
export const rootTrail = (): Crumb[] => [{ label: MY_PROJECTS }];

/** A trail starting at My Projects, or at `initial` when the section was opened at a given place. */
export function useLocalTrail(initial?: Crumb[]): LocalTrail {
  const [crumbs, setCrumbs] = useState<Crumb[]>(() => (initial?.length ? initial : rootTrail()));
  const extend = useCallback((crumb: Crumb) => setCrumbs((current) => [...current, crumb]), []);
  const cut = useCallback((index: number) => setCrumbs((current) => current.slice(0, index + 1)), []);
  const rename = useCallback(
    (index: number, label: string) =>
      setCrumbs((current) =>
        current[index] && current[index].label !== label
          ? current.map((crumb, i) => (i === index ? { ...crumb, label } : crumb))
          : current,
      ),
    [],
  );
  return useMemo(() => ({ crumbs, extend, cut, rename }), [crumbs, extend, cut, rename]);
}
