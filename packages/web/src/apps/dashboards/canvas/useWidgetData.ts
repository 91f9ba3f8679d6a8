/**
 * A widget's data: read once through the view's source with the read query its config implies (spec §3:
 * aggregate_func, from_date, to_date, group_interval, group_interval_type, type, last), again when the
 * widget changes or the view asks (refreshKey), and between reads kept current by the live values of
 * its sensor parameters (live/mergeLive.ts). Never polls.
 */
import {
  seriesKey,
  type WidgetConfig,
  type WidgetData,
  type WidgetInstance,
  type WidgetInstanceDataResponse,
  widgetTelemetryQuery,
} from '@ferrite/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useLivePoints } from '../live/liveStore';
import { mergeLive, widgetDataOf } from '../live/mergeLive';
import { useDashboardView } from './viewContext';

export interface WidgetDataState {
  data: WidgetData | undefined;
  loading: boolean;
  /** Truthy when the last read failed: the widget shows the spec §8 message. */
  error: unknown;
  /** The newest value's time, for the card's "updated" tooltip. */
  updatedAt: string | null;
}

/** The widget's data, live. `needsData` false (text, image) reads nothing. */
export function useWidgetData(
  instance: WidgetInstance,
  config: WidgetConfig,
  needsData: boolean,
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
  const keys = useMemo(
    () => response?.series.map((s) => seriesKey(s.sensor_id, s.param_key)) ?? [],
    [response],
  );
  const livePoints = useLivePoints(live, keys);
  const base = useMemo(() => (response ? widgetDataOf(response) : undefined), [response]);
  const data = useMemo(
    () => (response && base ? mergeLive(response, livePoints, base) : undefined),
    [response, base, livePoints],
  );
  const updatedAt = useMemo(() => {
    let newest: string | null = null;
    for (const s of data?.series ?? []) {
      const last = s.points[s.points.length - 1];
      if (last && (!newest || last.ts > newest)) newest = last.ts;
    }
    return newest;
  }, [data]);
  return { data, loading: state.loading, error: state.error, updatedAt };
}
