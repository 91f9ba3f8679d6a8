/** Tenant Manager: organizations, their apps and seats, and requests to join. */
import { defineModule } from '../../platform/module';
import { tenantManagerRoutes } from './routes';

export const tenantManagerModule = defineModule({ key: 'tenantManager', routes: tenantManagerRoutes });

export { TenantRepository } from './repository';
export { assertSeatFree } from './seats';
