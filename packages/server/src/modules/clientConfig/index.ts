/** Client configuration: what the web app needs to know before sign-in. */
import { defineModule } from '../../platform/module';
import { clientConfigRoutes } from './routes';

export const clientConfigModule = defineModule({ key: 'clientConfig', routes: clientConfigRoutes });
