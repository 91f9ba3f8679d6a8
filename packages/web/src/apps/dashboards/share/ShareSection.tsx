/**
 * Share: the dashboards colleagues shared with the caller (`shared=true`), or the caller's dashboards to
 * share (opening one opens its share dialog), under the Shared Dashboards trail.
 */
import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { type OpenIntent, TrailSection } from '../detail/TrailSection';
import { DashboardList } from '../list/DashboardList';

type View = 'withMe' | 'mine';

/** The section. */
export function ShareSection({ initial }: { initial?: OpenIntent }) {
  const [view, setView] = useState<View>('withMe');
  const switcher = (
    <SegmentedControl
      value={view}
      onChange={(value) => setView(value as View)}
      data={[
        { value: 'withMe', label: 'Shared with me' },
        { value: 'mine', label: 'Share one of mine' },
      ]}
      aria-label="Which dashboards"
    />
  );
  return (
    <TrailSection trail="sharedDashboards" initial={initial}>
      {(open) => (
        <>
          <DashboardList
            key={view}
            title={view === 'withMe' ? 'Shared with me' : 'Share a dashboard'}
            description={
              view === 'withMe'
                ? 'Dashboards colleagues shared with your e-mail.'
                : 'Pick a dashboard to share it by a password link or with people by e-mail.'
            }
            breadcrumbs={<Breadcrumbs trail="sharedDashboards" />}
            action={switcher}
            shared={view === 'withMe'}
            openToShare={view === 'mine'}
            onOpen={open}
          />
        </>
      )}
    </TrailSection>
  );
}
