/**
 * What every Stream Logic call shares: argument shapes, the /stream_process prefix (spec §7) and cache
 * tags. Reads of lists are `silent` (the view shows its own empty or error state); the gateway and asset
 * pickers are not: spec §8 wants their failures as a notification with the server's message.
 */
import { api } from '../../../app/api';
import type { OrgArg } from '../../../app/apiKit';
import type { FerriteExtraOptions } from '../../../app/baseQuery';

/** Calls about one project's chains. */
export interface ProjectArg extends OrgArg {
  projectId: string;
}
/** Calls about one chain. */
export interface ChainArg extends ProjectArg {
  pipelineId: string;
}

/** /stream_process/{projectId}{rest}. */
export const projectUrl = ({ projectId }: ProjectArg, rest = '') => `/stream_process/${projectId}${rest}`;
/** /stream_process/{projectId}/pipelines/{pipelineId}{rest}. */
export const chainUrl = ({ projectId, pipelineId }: ChainArg, rest = '') =>
  `/stream_process/${projectId}/pipelines/${pipelineId}${rest}`;

/** Reads whose failure the view shows in place, and whose 403 is "may not", not "signed out". */
export const SILENT: FerriteExtraOptions = { silent: true, skipForbiddenRedirect: true };

/** The app's API with its cache tags added. */
export const streamApi = api.enhanceEndpoints({
  addTagTypes: ['StreamChains', 'StreamChain', 'StreamVersions', 'StreamTrace', 'StreamActivity'],
});
