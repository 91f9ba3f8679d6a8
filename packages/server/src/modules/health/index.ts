/** Health: GET /api/health for load balancers and monitors. */
import { defineModule } from '../../platform/module';
import { healthRoutes } from './routes';

export const healthModule = defineModule({ key: 'health', routes: healthRoutes });
