/** Finding a project for another module's use case (its hierarchy, its gateways). */
import { problems } from '../../platform/http/problem';
import type { ProjectRepository } from './repository';

/**
 * The project of the organization, or 404 (`Project was not found`). `active` also refuses an
 * archived one; `lock` holds its row until the caller's transaction ends.
 */
export async function mustFindProject(
  repo: ProjectRepository,
  orgId: string,
  projectId: string,
  options: { active?: boolean; lock?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const project = await repo.find(orgId, projectId, options);
  if (!project) throw problems.notFound('Project');
  return { id: project.id, name: project.name };
}
