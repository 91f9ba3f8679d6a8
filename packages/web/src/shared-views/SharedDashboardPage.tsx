/**
 * /dashboards/{uuid}: the public dashboard view. Its code (widgets, charts, the grid) is a lazy chunk,
 * so the sign-in screens ship without it.
 */
import { useParams } from 'react-router';
import { lazyWithTimeout } from '../app/chunks';

const SharedDashboardView = lazyWithTimeout(
  () => import('./sharedDashboard/SharedDashboardView'),
  'sharedDashboard',
);

/** The route element. */
export function SharedDashboardPage() {
  const { uuid = '' } = useParams();
  return <SharedDashboardView key={uuid} uuid={uuid} />;
}
