/** Profile: the signed-in user's own details and settings. */
import { defineModule } from '../../platform/module';
import { profileRoutes } from './routes';

export const profileModule = defineModule({ key: 'profile', routes: profileRoutes });
