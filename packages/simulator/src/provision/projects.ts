/** Finding the project a fleet lives in. */
import type { ListProjectsResponse, Project } from '@ferrite/contracts';
import { ApiError, type FerriteApi } from '../api';

/** The project named (or with the id) `wanted`, or the first active one; 404 ApiError listing the names. */
export async function findProject(
  api: FerriteApi,
  orgId: string,
  orgName: string,
  wanted: string | undefined,
): Promise<Project> {
  const { projects } = await api.get<ListProjectsResponse>(
    `/entity_mgmt/orgs/${orgId}/projects?page_size=200`,
  );
  const name = wanted?.trim().toLowerCase();
  const project = name ? projects.find((p) => p.id === wanted || p.name.toLowerCase() === name) : projects[0];
  if (!project) {
    const names = projects.map((p) => p.name).join(', ') || 'none';
    throw new ApiError(404, `No project "${wanted ?? ''}" in ${orgName} (projects: ${names})`);
  }
  return project;
}
