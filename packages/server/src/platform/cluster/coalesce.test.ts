import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesced signals', () => {
  it('sends a burst as two messages, each call answered after a message sent after it', async () => {
    const pending: (() => void)[] = [];
    const signal = coalesce(() => new Promise<void>((resolve) => pending.push(resolve)));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    let burstAnswered = false;
    const first = signal();
    const burst = Promise.all([signal(), signal(), signal()]).then(() => (burstAnswered = true));
    expect(pending).toHaveLength(1);
    pending[0]?.();
    await first;
    await turn();
    // The burst's one message is on its way; the burst is answered when it is through.
    expect(pending).toHaveLength(2);
    expect(burstAnswered).toBe(false);
    pending[1]?.();
    await burst;
    // Quiet again: the next call sends at once.
    const later = signal();
    expect(pending).toHaveLength(3);
    pending[2]?.();
    await later;
  });
});
