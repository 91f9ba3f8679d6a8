/** Brand: the white-label brand of the host a request came to (spec §1). */
import { defineModule } from '../../platform/module';
import { brandRoutes } from './routes';

export const brandModule = defineModule({ key: 'brand', routes: brandRoutes });
