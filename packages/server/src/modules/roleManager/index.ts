/** Role Manager: user groups, roles and their rights, projects and membership, users, invitations. */
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from '../iotManager';
import { roleManagerRoutes } from './routes';

export const roleManagerModule = defineModule<DeviceDeps>({ key: 'roleManager', routes: roleManagerRoutes });
