/** Role Manager: user groups, roles and their rights, users and the activity log; its Projects and Invites screens are served by the projects and invitations modules. */
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from '../iotManager';
import { roleManagerRoutes } from './routes';

export const roleManagerModule = defineModule<DeviceDeps>({ key: 'roleManager', routes: roleManagerRoutes });
