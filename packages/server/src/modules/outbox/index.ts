/** Outbox: the mail the platform sent, for development installs without SMTP. */
import { defineModule } from '../../platform/module';
import { outboxRoutes } from './routes';

export const outboxModule = defineModule({ key: 'outbox', routes: outboxRoutes });
