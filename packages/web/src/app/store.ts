/** The Redux store, assembled from the session slice, the workspace slices, the apps' slices and the API cache. */
import { configureStore } from '@reduxjs/toolkit';
import { appReducers } from '../apps/reducers';
import { sessionReducer } from '../session/sessionSlice';
import { workspaceReducers } from '../workspace/reducers';
import { api } from './api';

/** Builds a store; tests build their own. */
export function createStore() {
  return configureStore({
    reducer: {
      session: sessionReducer,
      ...workspaceReducers,
      ...appReducers,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export const store = createStore();
export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
