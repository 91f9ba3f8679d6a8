/**
 * Draws a dashboard the way the web app shows it: headless Chromium (playwright-core) opens the app's
 * shared view on this very server, waits until every widget has its data, and prints a PDF or takes a
 * PNG. One browser per process, started on the first report and closed after a quiet spell; one page
 * at a time (the machine kind has two cores), a short queue, and 503s instead of a pile-up.
 *
 * The page only ever talks to this server: every other address is refused, the live socket is refused
 * too (a report is a snapshot of what was read), and the token it reads with arrives in
 * sessionStorage, never in a URL.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';

/** Chromium is not installed (or will not start): the caller answers 503. */
export class RendererUnavailableError extends Error {}
/** Too many reports wait already: the caller answers 503 with retry-after. */
export class RendererBusyError extends Error {}
/** The page did not come up as a dashboard (link ended meanwhile, timeout, crash). */
class RenderFailedError extends Error {}

/** What one report draws. */
export interface RenderJob {
  /** Where Chromium reaches this server, e.g. http://127.0.0.1:8080. */
  origin: string;
  /** The host the caller used: the page is asked for with it as Host, so it carries that host's brand. */
  brandHost: string | null;
  /** The web path of the shared view to open, with the report's data window as its query string. */
  path: string;
  /** The sessionStorage entry the shared view reads its token from. */
  storage: { key: string; value: string };
  /** The document's title (a PDF's title): the dashboard and panel names. */
  title: string;
  /** Which panel tab to show (0 is the first). */
  panelIndex: number;
  format: 'pdf' | 'png';
}

/** Flags that keep Chromium off the network and working without a GPU or a sandbox (STACK.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const VIEWPORT = { width: 1280, height: 900 };
const RENDER_TIMEOUT_MS = 60_000;
/** A whole render ends by then (closing its page), inside the render token's 120 s. */
const RENDER_DEADLINE_MS = 90_000;
/** Long enough for the charts' opening animation to end. */
const SETTLE_AFTER_MS = 1_100;
/** A PDF this tall or less is one page; taller ones are cut into pages. */
const ONE_PAGE_LIMIT_PX = 14_000;
/** PNGs are cut at Chromium's texture limit. */
const PNG_LIMIT_PX = 16_000;
/** Hides what means nothing on paper: the live badge and the light/dark switch. */
const PRINT_CSS = '[data-live-status], button[aria-label^="Switch to"] { display: none !important; }';

/** The renderer, one per app. */
export class ReportRenderer {
  private browser: Promise<Browser> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closed = false;

  constructor(
    private readonly options: {
      executablePath: string;
      log: Logger;
      /** Reports allowed to wait for the page before 503. */
      maxWaiting?: number;
      /** Closes the browser after this long without a report. */
      idleCloseMs?: number;
    },
  ) {}

  /** Whether Chromium is there to start; checked before a report counts against the throttle. */
  async available(): Promise<boolean> {
    try {
      await access(this.options.executablePath, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Draws the job, after the reports queued before it. */
  render(job: RenderJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new RendererUnavailableError('The renderer is closed'));
    if (this.waiting >= (this.options.maxWaiting ?? 6)) {
      return Promise.reject(new RendererBusyError('Too many reports are waiting'));
    }
    this.waiting += 1;
    const run = this.queue.then(async () => {
      try {
        return await this.renderNow(job);
      } finally {
        this.waiting -= 1;
        this.scheduleIdleClose();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Closes the browser (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.closeBrowser();
  }

  private async renderNow(job: RenderJob): Promise<Buffer> {
    const browser = await this.launch();
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: job.format === 'pdf' ? 2 : 1,
      colorScheme: 'light',
      serviceWorkers: 'block',
    });
    const deadline = setTimeout(() => void context.close().catch(() => undefined), RENDER_DEADLINE_MS);
    try {
      await guardNetwork(context, job);
      // Without storage the page asks for a password, and drawPage fails on that.
      const { key, value } = job.storage;
      await context.addInitScript({
        content: `try { sessionStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)}); } catch {}`,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(RENDER_TIMEOUT_MS);
      return await drawPage(page, job);
    } catch (error) {
      if (error instanceof RenderFailedError) throw error;
      // Playwright's messages name URLs and selectors, not tokens; keep them for the operator.
      this.options.log.warn({ err: error }, 'dashboard report render failed');
      throw new RenderFailedError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(deadline);
      await context.close().catch(() => undefined);
    }
  }

  private launch(): Promise<Browser> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (!this.browser) {
      const starting = this.start();
      this.browser = starting;
      starting.catch(() => {
        if (this.browser === starting) this.browser = null;
      });
    }
    return this.browser;
  }

  private async start(): Promise<Browser> {
    if (!(await this.available())) {
      throw new RendererUnavailableError(`Chromium is not at ${this.options.executablePath}`);
    }
    let chromium: typeof import('playwright-core').chromium;
    try {
      ({ chromium } = await import('playwright-core'));
    } catch {
      throw new RendererUnavailableError('playwright-core is not installed');
    }
    try {
      const browser = await chromium.launch({
        executablePath: this.options.executablePath,
        args: CHROMIUM_ARGS,
        headless: true,
      });
      browser.on('disconnected', () => {
        this.browser = null;
      });
      return browser;
    } catch (error) {
      this.options.log.error({ err: error }, 'Chromium did not start for dashboard reports');
      throw new RendererUnavailableError('Chromium did not start');
    }
  }

  private scheduleIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.waiting > 0 || this.closed) return;
    this.idleTimer = setTimeout(() => void this.closeBrowser(), this.options.idleCloseMs ?? 5 * 60_000);
    this.idleTimer.unref();
  }

  private async closeBrowser(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }
}

/**
 * Lets the page reach only this server and refuses the live socket. The report's window needs nothing
 * here: the shared view reads it from its own query string (see RenderJob.path).
 *
 * The page is stamped with the brand of the host it is served for. Chromium will not send another
 * Host, and X-Forwarded-Host counts only from a trusted proxy (TRUST_PROXY), so the page itself is
 * fetched from here with the caller's host.
 */
async function guardNetwork(context: BrowserContext, job: RenderJob): Promise<void> {
  const origin = new URL(job.origin).origin;
  await context.route('**/*', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.startsWith('/api/socket')) return route.abort();
    if (job.brandHost && request.isNavigationRequest()) {
      const response = await route.fetch({ headers: { ...request.headers(), host: job.brandHost } });
      return route.fulfill({ response });
    }
    return route.fallback();
  });
}

/** Opens the shared view, picks the panel, waits for the widgets, and prints or shoots. */
async function drawPage(page: Page, job: RenderJob): Promise<Buffer> {
  const quiet = trackRequests(page);
  await page.goto(`${job.origin}${job.path}`, { waitUntil: 'domcontentloaded' });
  // A selector wait, not waitForFunction: a predicate given as text is compiled in the page, which the
  // Content-Security-Policy (no eval) forbids. The password gate means the token was refused (the link
  // ended meanwhile).
  await page.waitForSelector('[data-shared-dashboard], input[type="password"], [data-testid="link-dead"]', {
    state: 'attached',
  });
  if ((await page.locator('[data-shared-dashboard]').count()) === 0) {
    throw new RenderFailedError('The shared view refused the render token');
  }
  if (job.panelIndex > 0) {
    await quiet();
    await page.getByRole('tab').nth(job.panelIndex).click();
  }
  await quiet();
  await page.addStyleTag({ content: PRINT_CSS });
  await page.waitForTimeout(SETTLE_AFTER_MS);
  await quiet();
  // The link may have ended while the panel loaded: never hand out a picture of the password page.
  if ((await page.locator('[data-shared-dashboard]').count()) === 0) {
    throw new RenderFailedError('The shared view closed while the report was drawn');
  }
  if (job.format === 'png') {
    const height = await contentHeight(page);
    return page.screenshot({
      type: 'png',
      fullPage: height <= PNG_LIMIT_PX,
      ...(height > PNG_LIMIT_PX ? { clip: { x: 0, y: 0, width: VIEWPORT.width, height: PNG_LIMIT_PX } } : {}),
    });
  }
  await page.evaluate(`document.title = ${JSON.stringify(job.title)}`);
  await page.emulateMedia({ media: 'screen' });
  const height = await contentHeight(page);
  return page.pdf(
    height <= ONE_PAGE_LIMIT_PX
      ? { width: `${VIEWPORT.width}px`, height: `${height}px`, printBackground: true }
      : { width: `${VIEWPORT.width}px`, height: '1810px', printBackground: true },
  );
}

/** The height of everything the page draws, in CSS pixels. */
function contentHeight(page: Page): Promise<number> {
  return page.evaluate<number>('Math.max(document.documentElement.scrollHeight, document.body.scrollHeight)');
}

/**
 * A wait for "nothing loading": no request in flight and no element marked aria-busy (skeletons, widget
 * loaders) for half a second.
 */
function trackRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  page.on('request', () => {
    inFlight += 1;
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + RENDER_TIMEOUT_MS;
    let calmSince = 0;
    while (Date.now() < deadline) {
      const busy = inFlight > 0 || (await page.locator('[aria-busy="true"]').count()) > 0;
      if (busy) calmSince = 0;
      else if (!calmSince) calmSince = Date.now();
      else if (Date.now() - calmSince >= 500) return;
      await page.waitForTimeout(100);
    }
    throw new RenderFailedError('The dashboard did not finish loading in time');
  };
}
