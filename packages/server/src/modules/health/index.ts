/** Health: GET /api/health (liveness) and GET /api/ready (readiness) for balancers and monitors. */
import { defineModule } from '../../platform/module';
import { healthRoutes } from './routes';

export const healthModule = defineModule({ key: 'health', routes: healthRoutes });
