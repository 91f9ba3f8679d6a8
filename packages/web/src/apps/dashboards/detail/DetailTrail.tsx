/**
 * The detail page's trail, the spec's "Dashboard Details": the list the dashboard was opened from, then
 * the dashboard itself as the page's heading (so its name is not said twice). The list's own trail in
 * the store keeps "where am I" for the section; this one draws it for the detail.
 */
import { BREADCRUMB_TRAILS, type BreadcrumbTrailKey } from '@ferrite/contracts';
import { TrailBar, TrailHeading } from '../../../ui/Breadcrumbs';

interface DetailTrailProps {
  /** The section's trail the dashboard was opened from (Dashboards, Recent Dashboards…). */
  from: BreadcrumbTrailKey;
  /** The dashboard's name, as its crumb and heading. */
  name: string;
  id: string;
  /** The list's crumb was clicked. */
  onBack: () => void;
}

/** "Dashboards › <h2>Line 1 overview</h2>" under the Dashboard Details landmark. */
export function DetailTrail({ from, name, id, onBack }: DetailTrailProps) {
  return (
    <TrailHeading heading={name}>
      <TrailBar
        name={BREADCRUMB_TRAILS.dashboardDetails}
        trailKey="dashboardDetails"
        crumbs={[{ label: BREADCRUMB_TRAILS[from] }, { label: name, id }]}
        onCut={onBack}
      />
    </TrailHeading>
  );
}
