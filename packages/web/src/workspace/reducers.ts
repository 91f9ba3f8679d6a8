/** The workspace's slice reducers; src/app/store.ts spreads them into the root reducer. */
import { breadcrumbsReducer } from './breadcrumbsSlice';
import { recentAppsReducer } from './recentAppsSlice';
import { windowsReducer } from './windowsSlice';
import { workspaceUiReducer } from './workspaceUiSlice';

export const workspaceReducers = {
  windows: windowsReducer,
  recentApps: recentAppsReducer,
  breadcrumbs: breadcrumbsReducer,
  workspaceUi: workspaceUiReducer,
};
