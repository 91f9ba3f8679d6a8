/** Finding projects for another module's use case (its hierarchy, its gateways, its own project list). */
import { pageWindow, searchPattern } from '../../platform/http/paging';
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

/**
 * One page of the organization's active projects, newest first, and how many match the search: what
 * an app's own "My Projects" list shows before it adds its counts.
 */
export async function activeProjectPage(
  repo: ProjectRepository,
  orgId: string,
  query: { page_number: number; page_size: number; search?: string },
) {
  const pattern = searchPattern(query.search);
  const [rows, total] = await Promise.all([
    repo.list(orgId, { archived: false, pattern, ...pageWindow(query) }),
    repo.countMatching(orgId, false, pattern),
  ]);
  return { rows, total };
}
