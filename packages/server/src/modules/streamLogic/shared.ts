/** What the Stream Logic module's parts share: the API prefix, error answers, the chain-change channel, the trace room. */
import { socketRoomName } from '@ferrite/contracts';
import { problemResponses } from '../../platform/http/problemResponses';

export { type Actor, actorOf } from '../../platform/http/actor';
export { HttpProblem, problems } from '../../platform/http/problem';

/** The Stream Logic API prefix (spec §7: /stream_process). */
export const STREAM_PREFIX = '/stream_process';
export const STREAM_TAGS = ['stream logic'];

/** The error answers every Stream Logic route may give. */
export const errorResponses = problemResponses(400, 401, 403, 404, 409, 422);

/**
 * The cluster bus channel on which a chain's deploy, enable, disable, debug change or deletion is
 * announced ({ orgId, pipelineId }): every node's runtime swaps that chain in (or out) at once.
 */
export const CHAINS_CHANGED_CHANNEL = 'ferrite_stream_chains_changed' as const;

/** A chain's live trace room (members with Stream Logic). */
export function pipelineTraceRoom(orgId: string, pipelineId: string): string {
  return socketRoomName({ kind: 'pipelineTrace', orgId, pipelineId });
}
