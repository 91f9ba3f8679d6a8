import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { resetAppState } from '../app/actions';
import {
  type BreadcrumbsState,
  breadcrumbsReducer,
  clearTrail,
  cutTrail,
  extendTrail,
  popTrail,
  resetTrail,
  trailRoot,
} from './breadcrumbsSlice';

const run = (...actions: UnknownAction[]): BreadcrumbsState =>
  actions.reduce(breadcrumbsReducer, breadcrumbsReducer(undefined, { type: 'init' }));
const labels = (state: BreadcrumbsState, trail: keyof BreadcrumbsState) => state[trail]?.map((c) => c.label);

describe('breadcrumbs', () => {
  it('starts with no trails', () => {
    expect(run()).toEqual({});
  });

  it('roots each trail at its named label', () => {
    expect(trailRoot('sensorProjects')).toEqual([{ label: "Sensor's Projects" }]);
    expect(trailRoot('analyzerProjects')).toEqual([{ label: 'Project list or My Analyzers' }]);
    expect(labels(run(resetTrail('myReports')), 'myReports')).toEqual(['My Reports']);
  });

  it('extends a trail, starting it from its root when needed', () => {
    const state = run(
      extendTrail({ trail: 'sensorProjects', crumb: { label: 'Plant A', id: 'p1' } }),
      extendTrail({ trail: 'sensorProjects', crumb: { label: 'Boiler 3', id: 's9' } }),
    );
    expect(state.sensorProjects).toEqual([
      { label: "Sensor's Projects" },
      { label: 'Plant A', id: 'p1' },
      { label: 'Boiler 3', id: 's9' },
    ]);
  });

  it('cuts back to an index, keeping that step', () => {
    const state = run(
      extendTrail({ trail: 'dashboards', crumb: { label: 'A' } }),
      extendTrail({ trail: 'dashboards', crumb: { label: 'B' } }),
      extendTrail({ trail: 'dashboards', crumb: { label: 'C' } }),
      cutTrail({ trail: 'dashboards', index: 1 }),
    );
    expect(labels(state, 'dashboards')).toEqual(['Dashboards', 'A']);
    expect(
      labels(breadcrumbsReducer(state, cutTrail({ trail: 'dashboards', index: 0 })), 'dashboards'),
    ).toEqual(['Dashboards']);
  });

  it('ignores a cut on a trail not started or a negative index', () => {
    const state = run(extendTrail({ trail: 'dashboards', crumb: { label: 'A' } }));
    expect(breadcrumbsReducer(state, cutTrail({ trail: 'myReports', index: 0 }))).toEqual(state);
    expect(breadcrumbsReducer(state, cutTrail({ trail: 'dashboards', index: -1 }))).toEqual(state);
  });

  it('pops one step but never the root', () => {
    let state = run(
      extendTrail({ trail: 'myTemplates', crumb: { label: 'T1' } }),
      extendTrail({ trail: 'myTemplates', crumb: { label: 'T2' } }),
      popTrail('myTemplates'),
    );
    expect(labels(state, 'myTemplates')).toEqual(['My Templates', 'T1']);
    state = [popTrail('myTemplates'), popTrail('myTemplates')].reduce(breadcrumbsReducer, state);
    expect(labels(state, 'myTemplates')).toEqual(['My Templates']);
  });

  it('clears a trail and leaves others alone', () => {
    const state = run(
      extendTrail({ trail: 'myRequests', crumb: { label: 'R' } }),
      resetTrail('myOrganizations'),
      clearTrail('myRequests'),
    );
    expect(state.myRequests).toBeUndefined();
    expect(labels(state, 'myOrganizations')).toEqual(['My Organizations']);
  });

  it('resets a trail to its root', () => {
    const state = run(
      extendTrail({ trail: 'newDashboard', crumb: { label: 'Theme' } }),
      extendTrail({ trail: 'newDashboard', crumb: { label: 'Layout' } }),
      resetTrail('newDashboard'),
    );
    expect(labels(state, 'newDashboard')).toEqual(['New Dashboard']);
  });

  it('drops every trail when app state is cleared', () => {
    const state = run(extendTrail({ trail: 'dashboards', crumb: { label: 'A' } }), resetAppState());
    expect(state).toEqual({});
  });
});
