/**
 * Lazy code chunks (spec §8, §9): a chunk that has not loaded after CHUNK_LOAD_TIMEOUT_MS fails
 * with 'Loading chunk {name} failed'; a stylesheet that fails to load gives a CSS chunk error.
 * Either shows an error panel with a Retry button instead of breaking the whole page.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '@ferrite/contracts';
import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { Component, type ComponentType, type ErrorInfo, type ReactNode, useEffect, useState } from 'react';

/** A code chunk that failed or timed out. */
export class ChunkLoadError extends Error {
  constructor(name: string, cause?: unknown) {
    super(`Loading chunk ${name} failed`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** A chunk's stylesheet that failed to load. */
export class CssChunkLoadError extends Error {
  constructor(name: string, cause?: unknown) {
    super(`Loading CSS chunk ${name} failed`, { cause });
    this.name = 'CssChunkLoadError';
  }
}

const CSS_FAILURE = Symbol('ferrite.cssChunkFailure');

function isCssFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return CSS_FAILURE in error || /preload CSS/i.test(String((error as Error).message));
}

/**
 * Listens to vite's 'vite:preloadError' and marks stylesheet failures, so the import that
 * awaited them rejects as a CSS chunk error. Returns the function that removes the listener.
 */
export function installPreloadErrorHandler(): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (payload instanceof Error && /CSS/i.test(payload.message)) {
      Object.defineProperty(payload, CSS_FAILURE, { value: true });
    }
    // Default not prevented: vite then rethrows and the dynamic import rejects into the boundary.
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}

/** Loads a chunk, rejecting with ChunkLoadError (or CssChunkLoadError) on failure or after the timeout. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  name: string,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(name)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isCssFailure(error) ? new CssChunkLoadError(name, error) : new ChunkLoadError(name, error));
      },
    );
  });
}

interface BoundaryProps {
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a chunk's load failure and offers Retry. */
export class ChunkErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[chunk ${this.props.name}]`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isChunk = error instanceof ChunkLoadError || error instanceof CssChunkLoadError;
    return (
      <Center h="100%" mih={240} p="xl">
        <Stack align="center" gap="sm" maw={420} ta="center" role="alert">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconPlugConnectedX size={30} />
          </ThemeIcon>
          <Title order={4}>
            {isChunk ? 'This part of the app could not be loaded' : 'Something went wrong'}
          </Title>
          <Text size="sm" c="dimmed">
            {error.message}
          </Text>
          <Button
            leftSection={<IconRefresh size={16} />}
            variant="light"
            onClick={() => {
              this.props.onRetry();
              this.setState({ error: null });
            }}
          >
            Retry
          </Button>
        </Stack>
      </Center>
    );
  }
}

function ChunkLoading() {
  return (
    <Center h="100%" mih={160}>
      <Loader size="sm" type="dots" aria-label="Loading" />
    </Center>
  );
}

/** A chunk's view: the one already loaded, or the load of it (one at a time for every mount). */
interface ChunkSource<P> {
  loaded: () => ComponentType<P> | null;
  load: () => Promise<ComponentType<P>>;
}

/** Draws the chunk's view once it is in; a failed load throws to the Retry boundary around. */
function ChunkBody<P extends object>({ source, props }: { source: ChunkSource<P>; props: P }) {
  const [view, setView] = useState<{ View: ComponentType<P> } | { error: unknown } | null>(() => {
    const View = source.loaded();
    return View ? { View } : null;
  });
  useEffect(() => {
    if (view) return;
    let mounted = true;
    source.load().then(
      (View) => mounted && setView({ View }),
      (error: unknown) => mounted && setView({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [view, source]);
  if (!view) return <ChunkLoading />;
  if ('error' in view) throw view.error;
  return <view.View {...props} />;
}

/**
 * A lazily loaded component with the chunk timeout, a loading state and a Retry boundary built in:
 * `lazyWithTimeout(() => import('./App'), 'alerts')`; its `preload()` starts the load ahead of need.
 *
 * Not React.lazy: a Suspense boundary that showed its fallback reveals what it waited for no sooner than
 * 300 ms after (React throttles reveals so content does not flash in), however soon the chunk arrived,
 * so a chunk evaluated in a few milliseconds still cost every view that opened it 300 ms. The view is
 * kept in state instead and drawn the moment its module is in; once loaded, every later mount draws it
 * at once.
 */
export function lazyWithTimeout<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  name: string,
): ComponentType<P> & { preload: () => void } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const source: ChunkSource<P> = {
    loaded: () => loaded,
    // A failed load is forgotten, so Retry loads again.
    load: () => {
      loading ??= withChunkTimeout(load, name).then(
        (module) => {
          loaded = module.default;
          return loaded;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
  // biome-ignore lint/correctness/noComponentHookFactories: one component per chunk, made once at module level like React.lazy
  function ChunkView(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <ChunkErrorBoundary key={attempt} name={name} onRetry={() => setAttempt((n) => n + 1)}>
        <ChunkBody source={source} props={props} />
      </ChunkErrorBoundary>
    );
  }
  ChunkView.displayName = `Chunk(${name})`;
  /** Starts loading before the view is first drawn (a failure shows when it is). */
  ChunkView.preload = () => {
    source.load().catch(() => undefined);
  };
  return ChunkView;
}
