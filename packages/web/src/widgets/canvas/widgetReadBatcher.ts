/**
 * Gathers the widget reads a canvas makes in one moment (a dashboard opening, a refresh, a reconnect)
 * into batch requests per panel (POST …/panels/{panelId}/widget_data): fifty widgets then cost a few
 * requests instead of fifty, each paying for its own authorization and sharing the browser's six
 * connections. Each widget still gets its own answer, or its own error (spec §8 message on its card).
 */
import type {
  WidgetDataBatchResponse,
  WidgetDataQuery,
  WidgetInstance,
  WidgetInstanceDataResponse,
} from '@ferrite/contracts';

/** Sends one panel's batch; the view source supplies it (a member's session or a link's token). */
export type SendWidgetBatch = (
  panelId: string,
  reads: { id: string; query: WidgetDataQuery }[],
) => Promise<WidgetDataBatchResponse>;

/** An error of one read of a batch, with the problem the server answered for it. */
export class WidgetReadError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Reads per request. Several smaller batches go out side by side, so the first widgets draw while the
 * server still answers the rest and PostgreSQL works on a few at once.
 */
export const READS_PER_BATCH = 16;

interface Pending {
  id: string;
  query: WidgetDataQuery;
  resolve: (answer: WidgetInstanceDataResponse) => void;
  reject: (error: unknown) => void;
}

/** A `readWidget` (canvas/viewContext.ts) that batches the reads made before the next task. */
export function batchWidgetReads(send: SendWidgetBatch) {
  const waiting = new Map<string, Pending[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const panels = [...waiting.entries()];
    waiting.clear();
    for (const [panelId, reads] of panels) {
      for (let start = 0; start < reads.length; start += READS_PER_BATCH) {
        void sendChunk(panelId, reads.slice(start, start + READS_PER_BATCH));
      }
    }
  };

  const sendChunk = async (panelId: string, reads: Pending[]) => {
    try {
      const { results } = await send(
        panelId,
        reads.map(({ id, query }) => ({ id, query })),
      );
      reads.forEach((read, index) => {
        const result = results[index];
        if (result && 'data' in result) read.resolve(result.data);
        else if (result)
          read.reject(new WidgetReadError(result.error.status, result.error.title, result.error.detail));
        else read.reject(new Error('The server answered fewer reads than were asked'));
      });
    } catch (error) {
      for (const read of reads) read.reject(error);
    }
  };

  return (instance: WidgetInstance, query: WidgetDataQuery): Promise<WidgetInstanceDataResponse> =>
    new Promise((resolve, reject) => {
      const reads = waiting.get(instance.panel_id) ?? [];
      reads.push({ id: instance.id, query, resolve, reject });
      waiting.set(instance.panel_id, reads);
      if (!scheduled) {
        scheduled = true;
        // A macrotask, not a microtask: every widget's effect of the commit (and of lazily drawn cards
        // mounting right after) has asked by then.
        setTimeout(flush, 0);
      }
    });
}
