/** Report links: downloads of report files by their signed token. */
import { defineModule } from '../../platform/module';
import { reportTokenRoutes } from './routes';

export const reportsModule = defineModule({ key: 'reports', routes: reportTokenRoutes });
