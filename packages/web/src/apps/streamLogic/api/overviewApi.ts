/**
 * Home's view across projects: every project's chains (one page each) folded into running, disabled and
 * failing counts, and the newest activity. The projects come from Stream Logic's own list (streamLogic.view
 * is enough); there is no cross-project chains route, so it asks each project.
 */
import type {
  ChainActivityEntry,
  PipelineListResponse,
  PipelineSummary,
  StreamProjectsResponse,
} from '@ferrite/contracts';
import type { OrgArg } from '../../../app/apiKit';
import type { ApiProblem } from '../../../app/baseQuery';
import { SILENT, streamApi } from './apiBase';

/** A chain with the project it belongs to. */
export interface ChainInProject extends PipelineSummary {
  project_name: string;
}
/** Home's counts and lists. */
export interface StreamOverview {
  projects: { id: string; name: string }[];
  chains: ChainInProject[];
  activity: (ChainActivityEntry & { project_id: string })[];
}

/** Home reads at most this many projects. */
const MAX_PROJECTS = 50;

const overviewEndpoints = streamApi.injectEndpoints({
  endpoints: (build) => ({
    streamOverview: build.query<StreamOverview, OrgArg>({
      // The organization is the token's; orgId only keys the cache per organization.
      async queryFn(_arg, _api, _extra, fetch) {
        const listed = await fetch({
          url: '/stream_process/projects',
          params: { page_number: 1, page_size: MAX_PROJECTS },
        });
        if (listed.error) return { error: listed.error as ApiProblem };
        const projects = (listed.data as StreamProjectsResponse).projects.map((p) => ({
          id: p.id,
          name: p.name,
        }));
        const perProject = await Promise.all(
          projects.map(async (project) => {
            const [chains, activity] = await Promise.all([
              fetch({
                url: `/stream_process/${project.id}/pipelines`,
                params: { page_number: 1, page_size: 200 },
              }),
              fetch({
                url: `/stream_process/${project.id}/activity`,
                params: { page_number: 1, page_size: 10 },
              }),
            ]);
            const list = (chains.data as PipelineListResponse | undefined)?.pipelines ?? [];
            const events = (activity.data as { activity: ChainActivityEntry[] } | undefined)?.activity ?? [];
            return {
              chains: list.map((c) => ({ ...c, project_name: project.name })),
              activity: events.map((e) => ({ ...e, project_id: project.id })),
            };
          }),
        );
        return {
          data: {
            projects,
            chains: perProject.flatMap((p) => p.chains),
            activity: perProject
              .flatMap((p) => p.activity)
              .sort((a, b) => b.at.localeCompare(a.at))
              .slice(0, 10),
          },
        };
      },
      extraOptions: SILENT,
      providesTags: ['StreamChains', 'StreamActivity'],
    }),
  }),
});

export const { useStreamOverviewQuery } = overviewEndpoints;
