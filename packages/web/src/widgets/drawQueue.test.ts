import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh queue module with a hand-driven clock and animation frames. */
async function harness() {
  vi.resetModules();
  let now = 0;
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const queue = await import('./drawQueue');
  return {
    queue,
    advance: (ms: number) => {
      now += ms;
    },
    time: () => now,
    /** Runs the waiting frame, begun at `start` (now by default); answers whether there was one. */
    frame: (start = now) => {
      const callback = frames.shift();
      callback?.(start);
      return Boolean(callback);
    },
    pending: () => frames.length,
  };
}

describe('the chart draw queue', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('draws in an animation frame, only the newest drawing of a chart, oldest chart first', async () => {
    const { queue, frame, advance } = await harness();
    const drawn: string[] = [];
    const a = {};
    const b = {};
    queue.queueDraw(a, () => drawn.push('a1'));
    queue.queueDraw(b, () => drawn.push('b1'));
    queue.queueDraw(a, () => drawn.push('a2'));
    expect(drawn).toEqual([]);
    advance(16);
    frame();
    expect(drawn).toEqual(['a2', 'b1']);
  });

  it('spends about its share of the time on drawing and leaves the rest for later frames', async () => {
    const { queue, frame, advance, pending, time } = await harness();
    let drawn = 0;
    // 100 charts of 10 ms each: more than a frame's allowance apiece.
    for (let i = 0; i < 100; i++) {
      queue.queueDraw({}, () => {
        drawn++;
        advance(10);
      });
    }
    // A frame every 16 ms, or at once when the previous one ran longer.
    for (let i = 0; i < 60; i++) {
      const start = time();
      frame();
      advance(Math.max(0, start + 16 - time()));
    }
    const elapsed = time();
    const spent = drawn * 10;
    expect(drawn).toBeGreaterThan(0);
    expect(spent / elapsed).toBeLessThanOrEqual(queue.DRAW_SHARE + 0.05);
    expect(drawn).toBeLessThan(100);
    expect(pending()).toBe(1);
  });

  it('forgets a chart that went away', async () => {
    const { queue, frame, advance } = await harness();
    const drawn: string[] = [];
    const gone = {};
    queue.queueDraw(gone, () => drawn.push('gone'));
    queue.cancelDraw(gone);
    advance(16);
    frame();
    expect(drawn).toEqual([]);
  });

  it("starts a second drawing in a frame only when it fits the frame's script time", async () => {
    const { queue, frame, advance } = await harness();
    const drawn: number[] = [];
    // Charts of 5 ms: a frame's 8 ms allowance would start a second one after the first.
    for (let i = 0; i < 4; i++) {
      queue.queueDraw({}, () => {
        drawn.push(i);
        advance(5);
      });
    }
    advance(100);
    frame();
    expect(drawn).toEqual([0]);
    // Quick drawings (1 ms) fit several to a frame again.
    const quick: number[] = [];
    for (let i = 0; i < 8; i++) {
      queue.queueDraw({}, () => {
        quick.push(i);
        advance(1);
      });
    }
    for (let i = 0; i < 20 && quick.length === 0; i++) {
      advance(100);
      frame();
    }
    advance(100);
    frame();
    expect(quick.length).toBeGreaterThan(1);
  });

  it("starts no second drawing when the frame's other script has used its time", async () => {
    const { queue, frame, advance, pending, time } = await harness();
    const drawn: number[] = [];
    // A quick chart drawn first teaches the queue that drawings take 1 ms.
    queue.queueDraw({}, () => {
      drawn.push(0);
      advance(1);
    });
    advance(100);
    frame();
    for (let i = 1; i <= 3; i++) {
      queue.queueDraw({}, () => {
        drawn.push(i);
        advance(1);
      });
    }
    advance(100);
    // Another callback of the same frame (the widgets' React pass) ran 4.5 ms before the queue's:
    // the first drawing goes, a second would end past the frame's 6 ms of script.
    const frameStart = time();
    advance(4.5);
    frame(frameStart);
    expect(drawn).toEqual([0, 1]);
    expect(pending()).toBe(1);
    // The next frame, with nothing before the queue, draws both that are left.
    advance(16);
    frame();
    expect(drawn).toEqual([0, 1, 2, 3]);
  });

  it('draws nothing in a frame that comes late, but a chart that has waited a second', async () => {
    const { queue, frame, advance, time } = await harness();
    const drawn: number[] = [];
    // Six charts of 5 ms: one draws per frame, the rest wait, so the queue runs a frame after another.
    for (let i = 0; i < 6; i++) {
      queue.queueDraw({}, () => {
        drawn.push(i);
        advance(5);
      });
    }
    /** A frame `gap` ms after the previous one began. */
    let previous = time();
    const frameAfter = (gap: number) => {
      advance(previous + gap - time());
      previous = time();
      frame();
    };
    frameAfter(16);
    frameAfter(16);
    frameAfter(16);
    expect(drawn).toEqual([0, 1, 2]);
    // 40 ms later: the page missed a vsync, so this frame leaves its drawing to the next.
    frameAfter(40);
    expect(drawn).toEqual([0, 1, 2]);
    frameAfter(16);
    expect(drawn).toEqual([0, 1, 2, 3]);
    // However late every frame comes, a chart that has waited a second draws.
    while (drawn.length < 5 && time() < 5_000) frameAfter(40);
    expect(drawn).toEqual([0, 1, 2, 3, 4]);
    expect(time()).toBeGreaterThanOrEqual(queue.STARVING_MS);
  });
});
