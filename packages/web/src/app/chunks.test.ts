import { CHUNK_LOAD_TIMEOUT_MS } from '@ferrite/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CssChunkLoadError, installPreloadErrorHandler, withChunkTimeout } from './chunks';

afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it("rejects with 'Loading chunk {name} failed' after the 120 s timeout", async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => {}), 'alerts');
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void pending
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('Loading chunk alerts failed');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a loaded chunk through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve('module'), 'x')).resolves.toBe('module');
  });

  it('a failed import is a chunk error too', async () => {
    await expect(
      withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch')), 'x'),
    ).rejects.toThrow('Loading chunk x failed');
  });

  it("a stylesheet marked by vite's preload error becomes a CSS chunk error", async () => {
    const remove = installPreloadErrorHandler();
    const cssFailure = new Error('Unable to preload CSS for /assets/App.css');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: cssFailure,
    });
    window.dispatchEvent(event);
    remove();
    expect(event.defaultPrevented).toBe(false);
    const error = await withChunkTimeout(() => Promise.reject(cssFailure), 'dashboards').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CssChunkLoadError);
    expect((error as Error).message).toBe('Loading CSS chunk dashboards failed');
  });
});
