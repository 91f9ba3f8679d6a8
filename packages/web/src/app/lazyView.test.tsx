import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../ui/test-utils';
import { lazyWithTimeout } from './chunks';

beforeAll(installDomShims);
afterEach(cleanup);

function Hello({ who }: { who: string }) {
  return <p>Hello {who}</p>;
}

/** A chunk whose load the test settles by hand. */
function manualChunk() {
  const loads: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Hello }>((resolve, reject) => {
        loads.push({ resolve: () => resolve({ default: Hello }), reject });
      }),
  );
  return { load, loads };
}

/** Whether `find` finds something within `ms` of real time, looking every few milliseconds. */
async function shownWithin(find: () => unknown, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (find()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Boolean(find());
}

describe('a lazily loaded view', () => {
  it('shows a loader, then the view the moment its chunk is in, and later mounts draw it at once', async () => {
    const { load, loads } = manualChunk();
    const View = lazyWithTimeout(load, 'hello');
    const first = renderWithProviders(<View who="plant" />);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    // Outside act, as in a browser: React.lazy's Suspense would reveal the view only 300 ms after its
    // loader showed.
    loads[0]?.resolve();
    expect(await shownWithin(() => screen.queryByText('Hello plant'), 200)).toBe(true);
    first.unmount();

    // Loaded once: a new mount draws the view in its first render, without a loader or a second load.
    renderWithProviders(<View who="again" />);
    expect(screen.getByText('Hello again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload started before the first mount is the load the view waits for', async () => {
    const { load, loads } = manualChunk();
    const View = lazyWithTimeout(load, 'hello');
    View.preload();
    renderWithProviders(<View who="early" />);
    await act(async () => loads[0]?.resolve());
    expect(screen.getByText('Hello early')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failed load says 'Loading chunk {name} failed', and Retry loads it again", async () => {
    const { load, loads } = manualChunk();
    const View = lazyWithTimeout(load, 'hello');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<View who="after a retry" />);
    await act(async () => loads[0]?.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText('Loading chunk hello failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => loads[1]?.resolve());
    expect(screen.getByText('Hello after a retry')).toBeInTheDocument();
    logged.mockRestore();
  });
});
