/** Invitations as the invitee sees them: look one up by its token and accept it. */
import { defineModule } from '../../platform/module';
import { invitationRoutes } from './routes';

export const invitationsModule = defineModule({ key: 'invitations', routes: invitationRoutes });
