/**
 * /dashboards/{uuid}: the public dashboard view. Its code (widgets, charts, the grid) is a lazy chunk,
 * so the sign-in screens ship without it.
 */
import { reportWindowFromSearch } from '@ferrite/contracts';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { lazyWithTimeout } from '../app/chunks';

const SharedDashboardView = lazyWithTimeout(
  () => import('./sharedDashboard/SharedDashboardView'),
  'sharedDashboard',
);

/** The route element; `?from_date=…&to_date=…` shows every widget over that window (dashboard reports). */
export function SharedDashboardPage() {
  const { uuid = '' } = useParams();
  const searchText = useSearchParams()[0].toString();
  const dataWindow = useMemo(() => reportWindowFromSearch(new URLSearchParams(searchText)), [searchText]);
  return <SharedDashboardView key={uuid} uuid={uuid} dataWindow={dataWindow} />;
}
