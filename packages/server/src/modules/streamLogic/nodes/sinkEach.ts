/** The shape of sinks that act once per message: a replay only describes, a failure fails that message. */
import type { ChainMessage } from '@ferrite/contracts';
import type { NodeContext, NodeInput, NodeResult } from './defineNode';
import { errorText } from './style';

/**
 * Acts on each message in turn (`act` answers what it did, in words) and passes it on; on a replay,
 * notes `would <what>` instead. `what` says what it will do for the message.
 */
export async function actOnEach(
  ctx: NodeContext,
  inputs: readonly NodeInput[],
  what: (message: ChainMessage) => string,
  act: (message: ChainMessage) => Promise<string>,
): Promise<NodeResult[]> {
  const results: NodeResult[] = [];
  for (const { message } of inputs) {
    try {
      if (ctx.dryRun) ctx.effect(`would ${what(message)}`);
      else ctx.effect(await act(message));
      results.push({ outputs: [{ output: 'out', message }] });
    } catch (error) {
      results.push({ outputs: [], error: errorText(error) });
    }
  }
  return results;
}
