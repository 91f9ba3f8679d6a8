/** Sign-up, sign-in, tokens, recovery and organization switching; the hourly sweep of old failures. */
import { defineModule } from '../../platform/module';
import { authFailureSweepJob } from './failureSweep';
import { authRoutes } from './routes';

export const authModule = defineModule({
  key: 'auth',
  routes: authRoutes,
  jobs: (deps) => [authFailureSweepJob(deps)],
});

export { AuthService } from './service';
