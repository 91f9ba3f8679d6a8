import type { WidgetDataBatchResponse, WidgetInstance, WidgetInstanceDataResponse } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchWidgetReads,
  READS_PER_BATCH,
  type SendWidgetBatch,
  WidgetReadError,
} from './widgetReadBatcher';

const instance = (id: string, panelId = 'panel-a') => ({ id, panel_id: panelId }) as WidgetInstance;
const dataOf = (id: string) =>
  ({ widget_instance: { id }, series: [] }) as unknown as WidgetInstanceDataResponse;

/** A server that answers every read with its data, recording what each request asked. */
function recordingServer() {
  const requests: { panelId: string; ids: string[] }[] = [];
  const send: SendWidgetBatch = async (panelId, reads) => {
    requests.push({ panelId, ids: reads.map((read) => read.id) });
    return {
      results: reads.map((read) => ({ id: read.id, data: dataOf(read.id) })),
    } as WidgetDataBatchResponse;
  };
  return { requests, send };
}

describe('batched widget reads', () => {
  it('sends the reads of one moment as one request per panel and answers each widget its own data', async () => {
    const server = recordingServer();
    const read = batchWidgetReads(server.send);
    const answers = await Promise.all([
      read(instance('w1'), {}),
      read(instance('w2'), { last: 5 }),
      read(instance('w3', 'panel-b'), {}),
    ]);
    expect(answers.map((a) => a.widget_instance.id)).toEqual(['w1', 'w2', 'w3']);
    expect(server.requests).toEqual([
      { panelId: 'panel-a', ids: ['w1', 'w2'] },
      { panelId: 'panel-b', ids: ['w3'] },
    ]);
    // A later moment is a new batch.
    await read(instance('w1'), {});
    expect(server.requests).toHaveLength(3);
  });

  it('splits a large panel into requests that go out side by side', async () => {
    const server = recordingServer();
    const read = batchWidgetReads(server.send);
    const count = READS_PER_BATCH * 2 + 3;
    await Promise.all(Array.from({ length: count }, (_, i) => read(instance(`w${i}`), {})));
    expect(server.requests.map((r) => r.ids.length)).toEqual([READS_PER_BATCH, READS_PER_BATCH, 3]);
  });

  it('fails only the read the server refused, and every read of a request that failed as a whole', async () => {
    const read = batchWidgetReads(
      async (_panelId, reads) =>
        ({
          results: reads.map((r) =>
            r.id === 'bad'
              ? { id: r.id, error: { status: 400, title: 'Invalid request', detail: 'Too many buckets' } }
              : { id: r.id, data: dataOf(r.id) },
          ),
        }) as WidgetDataBatchResponse,
    );
    const [good, bad] = await Promise.allSettled([read(instance('good'), {}), read(instance('bad'), {})]);
    expect(good.status).toBe('fulfilled');
    expect(bad).toMatchObject({ status: 'rejected', reason: expect.any(WidgetReadError) });
    expect((bad as PromiseRejectedResult).reason).toMatchObject({ status: 400, message: 'Too many buckets' });

    const down = batchWidgetReads(() => Promise.reject(new Error('offline')));
    const outcomes = await Promise.allSettled([down(instance('a'), {}), down(instance('b'), {})]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
