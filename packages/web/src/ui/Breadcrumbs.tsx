/**
 * Usage — a section page that shows one of the spec's named trails (spec §2 Breadcrumbs):
 *
 *   const trail = useTrail('myOrganizations');        // resets the trail to its root on mount
 *   const selectedId = trail.crumbs[1]?.id;           // the trail doubles as "where am I"
 *   trail.extend({ label: org.name, id: org.id });    // open a detail page one step deeper
 *   trail.pop();                                      // back one step (the root stays)
 *
 *   <Breadcrumbs trail="myOrganizations" onNavigate={(crumb, index) => ...} />
 *
 * Every crumb but the last is a button that cuts the trail back to it; the last is the current page.
 *
 * Inside a page header (`TrailHeading`, which ListPage uses) the trail is the heading itself, so a page
 * never shows its name twice: at the root only the page's heading shows; deeper, the earlier crumbs
 * lead up to it on the same line ("My Projects › Line 1 Assembly").
 */
import { BREADCRUMB_TRAILS, type BreadcrumbTrailKey } from '@ferrite/contracts';
import { Breadcrumbs as MantineBreadcrumbs, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import {
  type Crumb,
  cutTrail,
  extendTrail,
  popTrail,
  resetTrail,
  trailRoot,
} from '../workspace/breadcrumbsSlice';
import classes from './Breadcrumbs.module.css';

/** The crumbs of a trail; a trail not started yet reads as its root. */
export function useTrailCrumbs(trail: BreadcrumbTrailKey): Crumb[] {
  const crumbs = useAppSelector((state) => state.breadcrumbs[trail]);
  return useMemo(() => crumbs ?? trailRoot(trail), [crumbs, trail]);
}

export interface TrailControls {
  crumbs: Crumb[];
  extend: (crumb: Crumb) => void;
  cut: (index: number) => void;
  pop: () => void;
  reset: () => void;
}

/** A section's trail, reset to its root when the section mounts, with its moves bound. */
export function useTrail(trail: BreadcrumbTrailKey): TrailControls {
  const dispatch = useAppDispatch();
  const crumbs = useTrailCrumbs(trail);
  // A section opens on its list: a detail left open last time is not where the user expects to land.
  useEffect(() => {
    dispatch(resetTrail(trail));
  }, [dispatch, trail]);
  const extend = useCallback((crumb: Crumb) => dispatch(extendTrail({ trail, crumb })), [dispatch, trail]);
  const cut = useCallback((index: number) => dispatch(cutTrail({ trail, index })), [dispatch, trail]);
  const pop = useCallback(() => dispatch(popTrail(trail)), [dispatch, trail]);
  const reset = useCallback(() => dispatch(resetTrail(trail)), [dispatch, trail]);
  return { crumbs, extend, cut, pop, reset };
}

interface BreadcrumbsProps {
  trail: BreadcrumbTrailKey;
  /** Called after a crumb cut the trail back to itself. */
  onNavigate?: (crumb: Crumb, index: number) => void;
}

/** The trail as a breadcrumb bar; earlier crumbs are buttons, the last one marks the current page. */
export function Breadcrumbs({ trail, onNavigate }: BreadcrumbsProps) {
  const dispatch = useAppDispatch();
  const crumbs = useTrailCrumbs(trail);
  return (
    <TrailBar
      name={BREADCRUMB_TRAILS[trail]}
      trailKey={trail}
      crumbs={crumbs}
      onCut={(crumb, index) => {
        dispatch(cutTrail({ trail, index }));
        onNavigate?.(crumb, index);
      }}
    />
  );
}

/** The page heading a trail stands in for; set by `TrailHeading` around the page's trail. */
const HeadingContext = createContext<ReactNode>(null);

/**
 * Makes the trail inside it the page's heading: `heading` is drawn as the last crumb (an h2), so the
 * name a page shows under its trail is not repeated. Without a trail inside, nothing shows.
 */
export function TrailHeading({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return <HeadingContext.Provider value={heading}>{children}</HeadingContext.Provider>;
}

interface TrailBarProps {
  /** Names the navigation landmark: '{name} breadcrumb'. */
  name: string;
  crumbs: Crumb[];
  /** A crumb before the last was clicked: the owner cuts its trail back to it. */
  onCut: (crumb: Crumb, index: number) => void;
  /** Set as data-trail, for tests. */
  trailKey?: string;
}

/**
 * The bar itself, for a trail kept outside the named trails of the store (an app's own trail whose
 * name the contracts do not list yet); `Breadcrumbs` draws the named ones with it.
 */
export function TrailBar({ name, crumbs, onCut, trailKey }: TrailBarProps) {
  const heading = useContext(HeadingContext);
  const last = crumbs.length - 1;
  const earlier = crumbs.slice(0, last).map((crumb, index) => (
    <UnstyledButton
      // biome-ignore lint/suspicious/noArrayIndexKey: a crumb is its position in the trail.
      key={`${index}-${crumb.label}`}
      className={classes.crumb}
      data-crumb-index={index}
      onClick={() => onCut(crumb, index)}
    >
      {crumb.label}
    </UnstyledButton>
  ));
  const separator = <IconChevronRight size={heading ? 18 : 14} className={classes.separator} aria-hidden />;
  const current = heading ? (
    <Title key="current" order={2} className={classes.heading} aria-current="page">
      {heading}
    </Title>
  ) : (
    <Text key="current" className={classes.current} aria-current="page" truncate>
      {crumbs[last]?.label}
    </Text>
  );
  return (
    <nav
      aria-label={`${name} breadcrumb`}
      data-trail={trailKey}
      data-depth={crumbs.length}
      className={heading ? classes.headingTrail : undefined}
    >
      <MantineBreadcrumbs
        separator={separator}
        separatorMargin={heading ? 8 : 6}
        classNames={{ root: heading ? classes.headingRoot : classes.root }}
      >
        {earlier}
        {current}
      </MantineBreadcrumbs>
    </nav>
  );
}
