/**
 * /dashboards/{uuid}: the public dashboard view. Its code (widgets, charts, the grid) is a lazy chunk,
 * so the sign-in screens ship without it; its first reads start meanwhile (prefetch.ts).
 */
import { reportWindowFromSearch } from '@ferrite/contracts';
import { useEffect, useMemo } from 'react';
import { matchPath, useParams, useSearchParams } from 'react-router';
import { lazyWithTimeout } from '../app/chunks';
import { prefetchSharedDashboard } from './sharedDashboard/prefetch';

const SharedDashboardView = lazyWithTimeout(
  () => import('./sharedDashboard/SharedDashboardView'),
  'sharedDashboard',
);

/**
 * Called by the entry before anything renders, when the page opens on a shared link: the view's code
 * and the link's first reads start at once instead of after the app's first render (on a slow machine
 * a few hundred milliseconds later), and the browser compiles the code while the app boots.
 */
export function startSharedDashboardEarly(pathname: string): void {
  const uuid = matchPath('/dashboards/:uuid', pathname)?.params.uuid;
  if (!uuid) return;
  SharedDashboardView.preload();
  prefetchSharedDashboard(uuid);
}

/** The route element; `?from_date=…&to_date=…` shows every widget over that window (dashboard reports). */
export function SharedDashboardPage() {
  const { uuid = '' } = useParams();
  const searchText = useSearchParams()[0].toString();
  const dataWindow = useMemo(() => reportWindowFromSearch(new URLSearchParams(searchText)), [searchText]);
  // The dashboard and its first panel are read while the view's code loads, when the tab has the token.
  useEffect(() => prefetchSharedDashboard(uuid), [uuid]);
  return <SharedDashboardView key={uuid} uuid={uuid} dataWindow={dataWindow} />;
}
