/**
 * Chart updates spread over animation frames within a share of the main thread's time: each frame
 * draws the charts that waited longest while the allowance lasts (DRAW_SHARE of the time since the
 * previous frame, at most MAX_ALLOWANCE_MS); a draw that overruns it is paid back by the next frames,
 * and a frame that has drawn starts another only if what is left covers a typical drawing. A
 * chart updated again while it waits keeps its place and draws only its newest option. So a dashboard
 * of many live charts keeps its frame rate (scrolling, menus and the other widgets stay smooth) and,
 * when the machine cannot draw every chart each time a value arrives, each chart draws less often but
 * always its latest data.
 */

/** The share of the main thread's time chart updates may take, averaged over frames. */
export const DRAW_SHARE = 0.3;
/** The most drawing time one frame may start with (ms), so a quiet spell does not buy a long frame. */
export const MAX_ALLOWANCE_MS = 8;

/** Charts waiting to draw, oldest first (a Map keeps insertion order and `set` keeps a key's place). */
const waiting = new Map<object, () => void>();
let frameRequested = false;
let allowance = MAX_ALLOWANCE_MS;
let lastFrame = Number.NEGATIVE_INFINITY;
/** How long a chart's drawing usually takes here (a moving average; 0 before the first). */
let typicalDraw = 0;

function nextFrame(run: (now: number) => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(() => run(performance.now()), 16);
}

function drawWaiting(now: number): void {
  frameRequested = false;
  allowance = Math.min(MAX_ALLOWANCE_MS, allowance + (now - lastFrame) * DRAW_SHARE);
  lastFrame = now;
  let first = true;
  for (const [owner, draw] of waiting) {
    // After the first, a drawing starts only if the allowance left covers a typical one: two drawings
    // of 5–7 ms in one frame make it miss its vsync, while one a frame keeps the rate and about the
    // same number of drawings a second.
    if (allowance <= 0 || (!first && allowance < typicalDraw)) break;
    first = false;
    waiting.delete(owner);
    const start = performance.now();
    try {
      draw();
    } catch (error) {
      // One chart's failure is reported without stopping the others.
      queueMicrotask(() => {
        throw error;
      });
    }
    const took = performance.now() - start;
    typicalDraw = typicalDraw === 0 ? took : typicalDraw * 0.8 + took * 0.2;
    allowance -= took;
  }
  if (waiting.size > 0) {
    frameRequested = true;
    nextFrame(drawWaiting);
  }
}

/** Queues `owner`'s drawing for an animation frame, replacing one it already has waiting. */
export function queueDraw(owner: object, draw: () => void): void {
  waiting.set(owner, draw);
  if (!frameRequested) {
    frameRequested = true;
    nextFrame(drawWaiting);
  }
}

/** Drops `owner`'s waiting drawing (the chart went away). */
export function cancelDraw(owner: object): void {
  waiting.delete(owner);
}
