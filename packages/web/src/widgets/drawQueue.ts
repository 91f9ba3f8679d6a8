/**
 * Chart updates spread over animation frames within a share of the main thread's time: each frame
 * draws the charts that waited longest while the allowance lasts (DRAW_SHARE of the time since the
 * previous frame, at most MAX_ALLOWANCE_MS); a draw that overruns it is paid back by the next frames,
 * and a frame that has drawn starts another only if the frame's script so far and a typical drawing
 * stay within FRAME_SCRIPT_MS; a frame that comes late (the one before it missed its vsync) draws nothing
 * but a chart that has waited STARVING_MS, so the page catches up instead of missing the next one too. A
 * chart updated again while it waits keeps its place and draws only its newest option. So a dashboard
 * of many live charts keeps its frame rate (scrolling, menus and the other widgets stay smooth) and,
 * when the machine cannot draw every chart each time a value arrives, each chart draws less often but
 * always its latest data.
 */

/** The share of the main thread's time chart updates may take, averaged over frames. */
export const DRAW_SHARE = 0.3;
/** The most drawing time one frame may start with (ms), so a quiet spell does not buy a long frame. */
export const MAX_ALLOWANCE_MS = 8;
/**
 * The script time (ms, from the frame's start: its other callbacks, such as the widgets' React pass, and
 * the drawings so far) within which a frame that has drawn may start another drawing. On a live
 * dashboard the browser's own work for a frame (style, layout, paint, layers, commit) takes 6–10 ms of
 * its 16.7, so a frame with two 5 ms charts, or a chart after a long React pass, misses its vsync (traced
 * in bench:dashboard: frames of 10–12 ms of script were the dropped ones); quick drawings still share one.
 */
export const FRAME_SCRIPT_MS = 6;

/**
 * How long a chart may wait before it draws even in a late frame (ms). A live chart then still redraws
 * at least about once a second however busy the page is.
 */
export const STARVING_MS = 1_000;

/** Charts waiting to draw, oldest first (a Map keeps insertion order and `set` keeps a key's place). */
const waiting = new Map<object, { draw: () => void; since: number }>();
let frameRequested = false;
let allowance = MAX_ALLOWANCE_MS;
let lastFrame = Number.NEGATIVE_INFINITY;
/** How long a chart's drawing usually takes here (a moving average; 0 before the first). */
let typicalDraw = 0;
/**
 * The display's frame period as seen by the queue: the shortest gap between two of its frames in a row,
 * let drift up slowly (a screen may change rate). A gap of more than one and a half of it is a missed vsync.
 */
let framePeriod = Number.POSITIVE_INFINITY;
/** Whether the coming frame was asked for by the previous one, with charts still waiting (frames in a row). */
let inRow = false;

function nextFrame(run: (now: number) => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(() => run(performance.now()), 16);
}

function drawWaiting(now: number): void {
  frameRequested = false;
  const gap = now - lastFrame;
  // Only a frame asked for right after the previous one tells the display's pace.
  let late = false;
  if (inRow) {
    framePeriod = Math.min(framePeriod * 1.001, Math.max(4, gap));
    late = gap > framePeriod * 1.5;
  }
  allowance = Math.min(MAX_ALLOWANCE_MS, allowance + gap * DRAW_SHARE);
  lastFrame = now;
  let first = true;
  for (const [owner, { draw, since }] of waiting) {
    // A late frame leaves the drawing to the next one, unless the chart has waited too long already.
    if (late && now - since < STARVING_MS) break;
    // After the first, a drawing starts only if it would end within the frame's script time.
    if (allowance <= 0 || (!first && performance.now() - now + typicalDraw > FRAME_SCRIPT_MS)) break;
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
  inRow = waiting.size > 0;
  if (inRow) {
    frameRequested = true;
    nextFrame(drawWaiting);
  }
}

/** Queues `owner`'s drawing for an animation frame, replacing one it already has waiting. */
export function queueDraw(owner: object, draw: () => void): void {
  waiting.set(owner, { draw, since: waiting.get(owner)?.since ?? performance.now() });
  if (!frameRequested) {
    frameRequested = true;
    nextFrame(drawWaiting);
  }
}

/** Drops `owner`'s waiting drawing (the chart went away). */
export function cancelDraw(owner: object): void {
  waiting.delete(owner);
}
