/** The reducers apps bring to the store, mounted under their app key; app/store.ts spreads them in. */
import { entityManagerApp } from './entityManager';
import { roleManagerApp } from './roleManager';
import { tenantManagerApp } from './tenantManager';

// Listed by hand (not mapped over APP_MANIFESTS) so RootState keeps each app's state type.
export const appReducers = {
  roleManager: roleManagerApp.reducer,
  tenantManager: tenantManagerApp.reducer,
  entityManager: entityManagerApp.reducer,
};
