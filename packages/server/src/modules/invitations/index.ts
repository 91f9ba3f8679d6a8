/**
 * Invitations, both sides: an organization's admins invite, resend and revoke (the Role Manager's
 * Invites tab), and the invited person opens the link and accepts it.
 */
import { defineModule } from '../../platform/module';
import { invitationRoutes } from './routes';

export const invitationsModule = defineModule({ key: 'invitations', routes: invitationRoutes });
