/**
 * A widget's data: read once through the view's source with the read query its config implies (spec §3:
 * aggregate_func, from_date, to_date, group_interval, group_interval_type, type, last), again when the
 * widget changes or the view asks (refreshKey), and between reads kept current by the live values of
 * its sensor parameters (live/liveFeed.ts). Never polls.
 */
import {
  type WidgetConfig,
  type WidgetData,
  type WidgetInstance,
  type WidgetInstanceDataResponse,
  widgetTelemetryQuery,
} from '@ferrite/contracts';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { widgetLiveFeed } from '../live/liveFeed';
import type { LiveDataFeed } from '../types';
import { useDashboardView } from './viewContext';

export interface WidgetDataState {
  /** The data as of this render. */
  data: WidgetData | undefined;
  /** The data as it moves on between renders; undefined until read. */
  feed: LiveDataFeed | undefined;
  loading: boolean;
  /** Truthy when the last read failed: the widget shows the spec §8 message. */
  error: unknown;
}

/**
 * The widget's data, live. `needsData` false (text, image) reads nothing. `rendersOnLive` false: a live
 * value does not render the caller again, for a renderer that follows the feed itself (the charts).
 */
export function useWidgetData(
  instance: WidgetInstance,
  config: WidgetConfig,
  needsData: boolean,
  rendersOnLive = true,
): WidgetDataState {
  const { readWidget, refreshKey, live } = useDashboardView();
  const [state, setState] = useState<{
    response?: WidgetInstanceDataResponse;
    error?: unknown;
    loading: boolean;
  }>({
    loading: needsData,
  });
  const configKey = JSON.stringify(config);

  // biome-ignore lint/correctness/useExhaustiveDependencies: configKey stands for the config's contents.
  useEffect(() => {
    if (!needsData) return;
    let cancelled = false;
    setState((current) => ({ ...current, loading: true }));
    readWidget(instance, widgetTelemetryQuery(config)).then(
      (response) => {
        if (!cancelled) setState({ response, loading: false });
      },
      (error: unknown) => {
        if (!cancelled) setState({ error: error ?? new Error('failed'), loading: false });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [instance.id, instance.updated_at, configKey, refreshKey, needsData, readWidget]);

  const { response } = state;
  const feed = useMemo(() => (response ? widgetLiveFeed(live, response) : undefined), [live, response]);
  const subscribe = useCallback(
    (listener: () => void) => (feed && rendersOnLive ? feed.subscribe(listener) : () => undefined),
    [feed, rendersOnLive],
  );
  const current = useCallback(() => feed?.current(), [feed]);
  const data = useSyncExternalStore(subscribe, current, current);
  return { data, feed, loading: state.loading, error: state.error };
}
