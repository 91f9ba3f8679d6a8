/** The trail of Logic Chains and Activity: My Projects › a project › a chain, kept while the section shows. */
import { useCallback, useState } from 'react';
import type { Crumb } from '../../../workspace/breadcrumbsSlice';

export type { Crumb };

/** The root every trail starts from (spec §2 "projectsList"). */
export const MY_PROJECTS = 'My Projects';

/** A trail starting at My Projects, or at `initial` when the section was opened at a given place. */
export function useLocalTrail(initial?: Crumb[]) {
  const [crumbs, setCrumbs] = useState<Crumb[]>(() => (initial?.length ? initial : [{ label: MY_PROJECTS }]));
  const extend = useCallback((crumb: Crumb) => setCrumbs((current) => [...current, crumb]), []);
  const cut = useCallback((index: number) => setCrumbs((current) => current.slice(0, index + 1)), []);
  const rename = useCallback(
    (index: number, label: string) =>
      setCrumbs((current) =>
        current[index] && current[index].label !== label
          ? current.map((c, i) => (i === index ? { ...c, label } : c))
          : current,
      ),
    [],
  );
  return { crumbs, extend, cut, rename };
}
