/**
 * bench:dashboard: a dashboard of 50 live widgets, each receiving 10 updates a second, in Chromium.
 * Figures: time to first render (→ every widget painted with its data) and frames per second while the
 * values stream in. Targets: ≤ 1.5 s and ≥ 50 fps. Each is printed next to a baseline of the same run:
 * - time to first render against an empty dashboard opened the same way (same boot, same clicks,
 *   same reads of the dashboard and its panel), so the ratio is the 50 widgets' own cost;
 * - frame rate against the same page with the same 50 widgets drawn and no values arriving, i.e.
 *   what this Chromium on this machine makes when the dashboard does nothing.
 * Values travel the real path: HTTP ingest → group-committed write → live values → socket.io sensor
 * rooms → the page's live store → the widgets. See bench/README.md.
 *
 *   npm run bench:dashboard          SECONDS=20 RUNS=5 npm run bench:dashboard
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  countLiveValues,
  type DrawCounts,
  drawCounts,
  type FrameStats,
  inPage,
  launchChromium,
  measureFrames,
  type OpenTiming,
  openDashboard,
  openSharedLink,
  referenceChartUpdateMs,
  sharedLinkContext,
  signedInContext,
} from './dashboardBrowser';
import {
  type BenchDashboard,
  createEmptyDashboard,
  createLiveDashboard,
  generators,
  ingestHistory,
  pageSession,
  provisionDashboardFleet,
  sharedLink,
  startLiveLoad,
} from './dashboardSetup';
import { startBenchServer } from './ingestSetup';

const SENSORS = Number(process.env.SENSORS ?? 5);
const PARAMS = Number(process.env.PARAMS ?? 10);
const RATE = Number(process.env.RATE ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 3);
/**
 * Live values are announced at most once a second by default (LIVE_VALUES_MS): at 10 updates a second
 * per widget nine of ten would be folded away before they left the server. Half the device period lets
 * every reading through on its own (with a pause as long as the devices', two readings of a parameter
 * would now and then land in one announcement and the older be dropped).
 */
const LIVE_VALUES_MS = process.env.LIVE_VALUES_MS ?? String(Math.max(50, Math.floor(1000 / RATE / 2)));
const TARGET_FPS = 50;
const TARGET_TTFR_MS = 1500;

const WEB_DIST = resolve(fileURLToPath(import.meta.url), '../../packages/web/dist');

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const pad = (label: string) => label.padEnd(46);

/** Redraws per widget per second between two readings of the page's counters. */
function drawRates(before: DrawCounts, after: DrawCounts, spanMs: number) {
  const seconds = spanMs / 1000;
  return {
    chart: (after.repaints - before.repaints) / Math.max(1, after.charts) / seconds,
    html: (after.domUpdates - before.domUpdates) / Math.max(1, after.htmlWidgets) / seconds,
    charts: after.charts,
    htmlWidgets: after.htmlWidgets,
  };
}

function frameLine(label: string, stats: FrameStats): string {
  return `${pad(label)}${stats.fps.toFixed(1).padStart(5)} fps   p95 frame ${stats.p95Ms.toFixed(1)} ms   worst ${stats.worstMs.toFixed(0)} ms   frames > 50 ms ${(stats.over50 * 100).toFixed(1)}%`;
}

/**
 * Opens each dashboard RUNS times, after one warm-up visit each (first visits fill the HTTP cache),
 * interleaved so a busy moment of the machine hits both alike; a new tab each time.
 */
async function timeOpens(
  context: BrowserContext,
  pairs: readonly (readonly [BenchDashboard, OpenTiming[]])[],
  open: (
    page: Awaited<ReturnType<BrowserContext['newPage']>>,
    dashboard: BenchDashboard,
  ) => Promise<OpenTiming>,
): Promise<void> {
  for (let run = -1; run < RUNS; run++) {
    for (const [dashboard, into] of pairs) {
      const page = await context.newPage();
      const timing = await open(page, dashboard);
      if (run >= 0) into.push(timing);
      await page.close();
    }
  }
}

/** The median of one measure over runs, and the runs. */
function summary(times: OpenTiming[], pick: (t: OpenTiming) => number): { median: number; runs: string } {
  return { median: median(times.map(pick)), runs: times.map((t) => pick(t).toFixed(0)).join(', ') };
}

function ttfrLines(label: string, live: OpenTiming[], empty: OpenTiming[], pick: (t: OpenTiming) => number) {
  const a = summary(live, pick);
  const b = summary(empty, pick);
  console.log(
    `${pad(label)}${ms(a.median)}   empty dashboard ${ms(b.median).trim()}   ratio ${(a.median / b.median).toFixed(2)}x`,
  );
  console.log(`${pad('  runs')}${a.runs} ms; empty ${b.runs} ms`);
  return a.median;
}

async function run(browser: Browser, serverUrl: string): Promise<void> {
  const loadAtStart = loadavg()[0] as number;
  const reference = await referenceChartUpdateMs(browser);
  const fleet = await provisionDashboardFleet(serverUrl, SENSORS, PARAMS);
  const gens = generators(fleet);
  // The live charts read the newest 100 points: they open full.
  await ingestHistory(serverUrl, fleet, gens, 120, 1000 / RATE);
  const live = await createLiveDashboard(fleet, `Bench wall ${SENSORS * PARAMS} widgets`);
  const empty = await createEmptyDashboard(fleet, 'Bench wall empty');
  const member = await signedInContext(browser, serverUrl, await pageSession(serverUrl));

  // Time to first render, as a member (from the list) and through a shared link (a navigation).
  const memberLive: OpenTiming[] = [];
  const memberEmpty: OpenTiming[] = [];
  await timeOpens(
    member,
    [
      [empty, memberEmpty],
      [live, memberLive],
    ],
    (page, d) => openDashboard(page, d.name, d.widgets),
  );
  const links = new Map<BenchDashboard, { uuid: string; token: string; expires_at: string }>();
  for (const dashboard of [live, empty])
    links.set(dashboard, await sharedLink(serverUrl, fleet, dashboard.id));
  const sharedLive: OpenTiming[] = [];
  const sharedEmpty: OpenTiming[] = [];
  for (const [dashboard, into] of [
    [empty, sharedEmpty],
    [live, sharedLive],
  ] as const) {
    const link = links.get(dashboard) as { uuid: string; token: string; expires_at: string };
    const holder = await sharedLinkContext(browser, serverUrl, link);
    await timeOpens(holder, [[dashboard, into]], (page, d) => openSharedLink(page, link.uuid, d.widgets));
    await holder.close();
  }

  // Frame rate: one tab on the dashboard; first still, then with the values streaming in.
  const page = await member.newPage();
  const arrived = countLiveValues(page);
  await openDashboard(page, live.name, live.widgets);
  await page.waitForTimeout(2000);
  const stillDraws = await drawCounts(page);
  const still = await measureFrames(page, SECONDS * 1000);
  const stillDrawn = drawRates(stillDraws, await drawCounts(page), still.spanMs);
  const load = startLiveLoad(serverUrl, fleet, gens, 1000 / RATE);
  await page.waitForTimeout(2000);
  const valuesBefore = arrived.values();
  const eventsBefore = arrived.events();
  const liveDraws = await drawCounts(page);
  const streaming = await pageProfiled(page, 'dashboard-page-streaming', () =>
    measureFrames(page, SECONDS * 1000),
  );
  const liveDrawn = drawRates(liveDraws, await drawCounts(page), streaming.spanMs);
  const values = arrived.values() - valuesBefore;
  const events = arrived.events() - eventsBefore;
  const sent = await load.stop();
  const drawnAfter = await inPage<number>(
    page,
    `() => document.querySelectorAll('[data-widget-state="ready"]').length`,
    null,
  );
  await member.close();

  const perWidget = values / live.widgets / (streaming.spanMs / 1000);
  const mix = Object.entries(live.mix)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  console.log('\n== bench:dashboard (Chromium headless, software rendering; server on PGlite) ==');
  console.log(`${pad('dashboard')}${live.widgets} widgets: ${mix}`);
  console.log(`${pad('bound to')}${SENSORS} sensors × ${PARAMS} parameters, one widget per sensor parameter`);
  console.log(`${pad('viewport')}1920 × 1080, every widget on screen`);
  console.log(
    `${pad('machine')}${cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] as number).toFixed(1)} at the end`,
  );
  console.log(
    `${pad('reference: one ECharts line-chart update')}${reference.toFixed(1)} ms (100 points, merged and painted, in a tab of its own)`,
  );

  console.log(`\n-- time to first render (median of ${RUNS} runs after a warm-up) --`);
  console.log('painted: every widget shows its data; settled: no animation left either');
  const fromClick = ttfrLines(
    'member, click on the row → painted',
    memberLive,
    memberEmpty,
    (t) => t.painted - t.click,
  );
  ttfrLines('member, click on the row → settled', memberLive, memberEmpty, (t) => t.settled - t.click);
  ttfrLines('member, navigation to / → painted', memberLive, memberEmpty, (t) => t.painted);
  console.log('  (navigation to / includes the desktop, the launcher and the list, driven by Playwright)');
  const shared = ttfrLines('shared link, navigation → painted', sharedLive, sharedEmpty, (t) => t.painted);
  ttfrLines('shared link, navigation → settled', sharedLive, sharedEmpty, (t) => t.settled);
  console.log(
    `${pad(`target: ≤ ${TARGET_TTFR_MS} ms, from the list`)}${verdict(fromClick <= TARGET_TTFR_MS)}`,
  );
  console.log(`${pad(`target: ≤ ${TARGET_TTFR_MS} ms, shared link`)}${verdict(shared <= TARGET_TTFR_MS)}`);

  console.log(`\n-- frame rate over ${SECONDS} s, signed in --`);
  console.log(frameLine(`${live.widgets} widgets, ${RATE} updates/s each`, streaming));
  console.log(frameLine('same page, no updates (baseline)', still));
  console.log(`${pad('ratio')}${((streaming.fps / still.fps) * 100).toFixed(0)}% of the still page`);
  console.log(
    `${pad('values that reached the page')}${perWidget.toFixed(1)} per widget per second (${events} socket events, ${values} values; LIVE_VALUES_MS=${LIVE_VALUES_MS})`,
  );
  console.log(
    `${pad('redraws per widget per second')}${liveDrawn.chart.toFixed(1)} for the ${liveDrawn.charts} ECharts widgets (canvas repaints), ${liveDrawn.html.toFixed(1)} for the ${liveDrawn.htmlWidgets} HTML ones (KPI, progress); still page ${stillDrawn.chart.toFixed(1)} and ${stillDrawn.html.toFixed(1)}`,
  );
  console.log(
    `${pad('ingest calls')}${sent.calls} sent, ${sent.failures} failed, worst ${sent.lateMs.toFixed(0)} ms behind schedule`,
  );
  console.log(`${pad('widgets drawn at the end')}${drawnAfter} of ${live.widgets}`);
  console.log(`${pad(`target: ≥ ${TARGET_FPS} fps`)}${verdict(streaming.fps >= TARGET_FPS)}`);
  if (perWidget < RATE * 0.9)
    console.log(`note: fewer than ${RATE} values per widget per second reached the page`);
}

/**
 * Profiles the page's main thread while `work` runs when CPU_PROFILE names a directory (a `.cpuprofile`
 * for Chrome DevTools' Performance panel): where a dashboard's frames go while values stream in. TRACE
 * names a directory for a Chromium trace of the same window (every process and thread: style, layout,
 * paint, the compositor), to open in DevTools or Perfetto.
 */
async function pageProfiled<T>(page: Page, name: string, work: () => Promise<T>): Promise<T> {
  const traceDir = process.env.TRACE;
  if (traceDir) {
    const path = join(traceDir, `${name}-${Date.now()}.json`);
    await page.context().browser()?.startTracing(page, { path, categories: TRACE_CATEGORIES });
    try {
      return await pageCpuProfiled(page, name, work);
    } finally {
      await page.context().browser()?.stopTracing();
      console.error(`Trace of ${name}: ${path}`);
    }
  }
  return pageCpuProfiled(page, name, work);
}

/** What a frame's work shows under, as DevTools' Performance panel records it. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'viz',
  'gpu',
  'toplevel',
];

async function pageCpuProfiled<T>(page: Page, name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.CPU_PROFILE;
  if (!dir) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    const file = join(dir, `${name}-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    await cdp.detach();
    console.error(`CPU profile of ${name}: ${file}`);
  }
}

const server = await startBenchServer('pglite', null, { WEB_DIST_DIR: WEB_DIST, LIVE_VALUES_MS });
const browser = await launchChromium();
try {
  await run(browser, server.url);
} finally {
  await browser.close();
  await server.close();
}
