/**
 * bench:dashboard in the browser: Debian's Chromium driven by playwright-core, measuring in the page:
 * - painted: the first animation frame in which every widget frame says `data-widget-state="ready"`
 *   (it has its data) and every ECharts drawing in it says `data-drawn` (ECharts painted it); settled:
 *   the first in which every drawing also says `data-settled` (no animation is left). An empty
 *   dashboard counts as both once its empty panel shows.
 * - frame rate: requestAnimationFrame callbacks over a window (Chromium runs them once per frame it
 *   produces, and skips them when the main thread is too busy to make a frame);
 * - what the widgets draw (canvas repaints, HTML widget updates) and the values the socket brings.
 * A member opens a dashboard the way a user does (signed in like the e2e journeys: an API session
 * seeded into the page's storage; launcher → Dashboards → the list → the row); a shared link is a
 * navigation straight to `/dashboards/{uuid}` with the link's token already verified.
 */
import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS } from '@ferrite/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { PageSession } from './dashboardSetup';

/** The browser of the e2e journeys (STACK.md): Debian's Chromium, no sandbox, no GPU, no background traffic. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** A full-HD wall display. */
export const VIEWPORT = { width: 1920, height: 1080 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM, headless: true });
}

/** A browser context whose every new tab starts signed in as `session`. */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  session: PageSession,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  // Source text (the bench compiles without DOM types): the session under the product's storage keys,
  // once per tab.
  const values = {
    [STORAGE_KEYS.accessToken]: session.access_token,
    [STORAGE_KEYS.refreshToken]: session.refresh_token,
    [STORAGE_KEYS.userId]: session.user_id,
  };
  await context.addInitScript(`if (!sessionStorage.getItem('bench-seeded')) {
    for (const [key, value] of Object.entries(${JSON.stringify(values)})) localStorage.setItem(key, value);
    sessionStorage.setItem('bench-seeded', '1');
  }`);
  await instrument(context);
  return context;
}

/** A context of someone holding a shared link whose password was verified (its token in the tab). */
export async function sharedLinkContext(
  browser: Browser,
  baseURL: string,
  link: { uuid: string; token: string; expires_at: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  // The key and shape of shared-views/sharedDashboard/shareClient.ts's shareTokenStore.
  const stored = JSON.stringify({ token: link.token, expires_at: link.expires_at });
  await context.addInitScript(
    `sessionStorage.setItem(${JSON.stringify(`ferrite-share:${link.uuid}`)}, ${JSON.stringify(stored)});`,
  );
  await instrument(context);
  return context;
}

async function instrument(context: BrowserContext): Promise<void> {
  // The moment of the user's click, in the page's clock (ms since navigation started).
  await context.addInitScript(
    "addEventListener('pointerdown', () => { window.__benchClick = performance.now(); }, true);",
  );
  await context.addInitScript(COUNT_DRAWS);
}

/**
 * Counts what the widgets draw, without touching the app: every repaint of an ECharts canvas starts
 * with a clearRect of its layer, and an HTML widget (KPI, progress) that shows a new value changes its
 * DOM (counted once per widget per batch of mutations, i.e. per React commit).
 */
const COUNT_DRAWS = `(() => {
  const counts = { repaints: 0, domUpdates: 0 };
  window.__benchCounts = counts;
  const clear = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    counts.repaints++;
    return clear.apply(this, args);
  };
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      const frames = new Set();
      for (const record of records) {
        const element = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const frame = element && element.closest('[data-widget-state]');
        if (frame && !frame.querySelector('[data-echart]')) frames.add(frame);
      }
      counts.domUpdates += frames.size;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
})();`;

/** What the widgets drew so far: canvas repaints, HTML widget updates, and how many of each kind. */
export interface DrawCounts {
  repaints: number;
  domUpdates: number;
  charts: number;
  htmlWidgets: number;
}

/** Reads the page's draw counters. */
export function drawCounts(page: Page): Promise<DrawCounts> {
  return inPage<DrawCounts>(
    page,
    `() => {
      const frames = [...document.querySelectorAll('[data-widget-state]')];
      const charts = frames.filter((frame) => frame.querySelector('[data-echart]')).length;
      return { ...window.__benchCounts, charts, htmlWidgets: frames.length - charts };
    }`,
    null,
  );
}

/** When a dashboard was painted and settled, in ms of the page's clock since navigation started. */
export interface OpenTiming {
  painted: number;
  settled: number;
  /** The member's click on the dashboard's row (NaN for a shared link). */
  click: number;
}

/**
 * In-page code is passed as source text: tsx compiles this file with esbuild's keepNames, whose
 * `__name(…)` wrappers would travel with a function into the page and fail there.
 */
const WAIT_DRAWN = `(expected) => new Promise((resolve) => {
  // 0: not yet, 1: painted, 2: painted and settled.
  const state = () => {
    if (expected === 0) return document.querySelector('[data-testid="panel-empty"]') ? 2 : 0;
    const frames = document.querySelectorAll('[data-widget-state]');
    if (frames.length < expected) return 0;
    let settled = true;
    for (const frame of frames) {
      if (frame.getAttribute('data-widget-state') !== 'ready') return 0;
      for (const chart of frame.querySelectorAll('[data-echart]')) {
        if (!chart.hasAttribute('data-drawn')) return 0;
        if (!chart.hasAttribute('data-settled')) settled = false;
      }
    }
    return settled ? 2 : 1;
  };
  let painted = null;
  const check = (now) => {
    const reached = state();
    if (reached > 0 && painted === null) painted = now;
    if (reached === 2) resolve({ painted, settled: now });
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

const FRAME_TIMES = `(duration) => new Promise((resolve) => {
  const stamps = [];
  const tick = (now) => {
    stamps.push(now);
    if (now - stamps[0] < duration) requestAnimationFrame(tick);
    else resolve(stamps);
  };
  requestAnimationFrame(tick);
})`;

/** Runs in-page source `fn` with `arg`. */
export function inPage<T>(page: Page, fn: string, arg: unknown): Promise<T> {
  return page.evaluate(`(${fn})(${JSON.stringify(arg)})`) as Promise<T>;
}

/** Resolves at the first animation frames in which `widgets` widgets are painted, then settled. */
function waitDrawn(page: Page, widgets: number): Promise<{ painted: number; settled: number }> {
  return inPage(page, WAIT_DRAWN, widgets);
}

/** The pointer rests off the widgets (a hovered chart would draw its tooltip), on a plain spot. */
async function restPointer(page: Page): Promise<void> {
  await page.mouse.move(80, 700);
}

/**
 * Opens `/` in the tab, then the Dashboards app from the launcher, its list, and the dashboard's row;
 * answers when it is painted and settled. The tab stays on the dashboard.
 */
export async function openDashboard(page: Page, name: string, widgets: number): Promise<OpenTiming> {
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Open launcher' }).click();
  await page.locator('[data-launcher-group="all"][data-app-key="dashboards"]').click();
  const app = page.locator('[data-testid="app-window"][data-app-key="dashboards"]');
  await app.locator('[data-section-key="open"]').click();
  const row = app.locator('[data-row-key]', { hasText: name });
  await row.waitFor();
  // Watching before the click, so a fast drawing is not seen late.
  const drawn = waitDrawn(page, widgets);
  await row.click();
  const { painted, settled } = await drawn;
  const click = await inPage<number>(page, '() => window.__benchClick', null);
  await restPointer(page);
  return { painted, settled, click };
}

/** Navigates the tab to the shared link's view; answers when it is painted and settled. */
export async function openSharedLink(page: Page, uuid: string, widgets: number): Promise<OpenTiming> {
  await restPointer(page);
  await page.goto(`/dashboards/${uuid}`, { waitUntil: 'commit' });
  const { painted, settled } = await waitDrawn(page, widgets);
  return { painted, settled, click: Number.NaN };
}

/** Frame rate over `ms`: frames, mean fps, the longest frame and the share of frames over 50 ms. */
export interface FrameStats {
  frames: number;
  /** From the first frame to the last. */
  spanMs: number;
  fps: number;
  worstMs: number;
  p95Ms: number;
  over50: number;
}

/** Counts animation frames in the page for `ms`. */
export async function measureFrames(page: Page, ms: number): Promise<FrameStats> {
  const times = await inPage<number[]>(page, FRAME_TIMES, ms);
  const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
  const sorted = [...gaps].sort((a, b) => a - b);
  const span = (times[times.length - 1] as number) - (times[0] as number);
  return {
    frames: gaps.length,
    spanMs: span,
    fps: (gaps.length / span) * 1000,
    worstMs: sorted[sorted.length - 1] ?? 0,
    p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    over50: gaps.filter((g) => g > 50).length / Math.max(1, gaps.length),
  };
}

/** Counts the sensor values that reach the page over its socket (socket.io frames of `sensor.values`). */
export function countLiveValues(page: Page): { values: () => number; events: () => number } {
  let values = 0;
  let events = 0;
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"sensor.values"')) return;
      events++;
      values += payload.split('"param_key"').length - 1;
    });
  });
  return { values: () => values, events: () => events };
}

const REFERENCE_CHART = `async () => {
  const host = document.createElement('div');
  host.style.cssText = 'width:300px;height:130px';
  document.body.appendChild(host);
  const chart = echarts.init(host);
  const option = (shift) => ({
    animation: false,
    grid: { left: 8, right: 16, top: 12, bottom: 8 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', scale: true },
    series: [{ type: 'line', showSymbol: false, data: Array.from({ length: 100 }, (_, i) => [1.7e12 + (i + shift) * 100, 50 + 5 * Math.sin((i + shift) / 5)]) }],
  });
  chart.setOption(option(0));
  const times = [];
  for (let shift = 1; shift <= 40; shift++) {
    const start = performance.now();
    chart.setOption(option(shift));
    times.push(performance.now() - start);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return times.sort((a, b) => a - b)[20];
}`;

/**
 * How fast this machine is at what live charts cost, right now: the median time of one ECharts update
 * (a 100-point line chart, merged and painted) in a tab of its own, with ECharts' own bundle.
 */
export async function referenceChartUpdateMs(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><body></body>');
    await page.addScriptTag({ path: fileURLToPath(import.meta.resolve('echarts/dist/echarts.min.js')) });
    return await inPage<number>(page, REFERENCE_CHART, null);
  } finally {
    await page.close();
  }
}
