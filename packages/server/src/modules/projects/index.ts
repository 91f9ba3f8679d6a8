/**
 * Projects: the organization's projects and who works on them, one home for every app. The Role
 * Manager edits them, the Entity Manager and the IoT Manager list them and hang assets, sensors and
 * gateways under them; each app keeps its own routes and comes here for the domain.
 */
import { defineModule } from '../../platform/module';

export const projectsModule = defineModule({ key: 'projects' });

export { activeProjectPage, mustFindProject } from './lookup';
export { ProjectRepository } from './repository';
export { type GatewayChangeHook, ProjectService } from './service';
