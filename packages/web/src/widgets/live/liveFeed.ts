/**
 * A widget's live data feed (the widgets' LiveDataFeed): its read with the live values of its series
 * folded in (mergeLive.ts), worked out when asked and kept until one of its keys takes a new value. A
 * chart asks only when it draws, so values that a newer one replaces before its turn cost nothing.
 */
import { seriesKey, type WidgetData, type WidgetInstanceDataResponse } from '@ferrite/contracts';
import type { LiveDataFeed } from '../types';
import type { LivePoint, LiveStore } from './liveStore';
import { mergeLive, widgetDataOf } from './mergeLive';

/** The feed of one read: `store`'s values for the read's series, merged into its answer. */
export function widgetLiveFeed(
  store: LiveStore,
  response: Pick<WidgetInstanceDataResponse, 'query' | 'series'>,
): LiveDataFeed {
  const keys = response.series.map((s) => seriesKey(s.sensor_id, s.param_key));
  const base = widgetDataOf(response);
  // The store gives a key a new array whenever its points change, so equal arrays mean equal data.
  let merged: { parts: (readonly LivePoint[] | undefined)[]; data: WidgetData } | null = null;
  return {
    current() {
      const parts = keys.map((key) => store.get(key));
      if (merged && parts.every((part, i) => part === merged?.parts[i])) return merged.data;
      const live = new Map<string, readonly LivePoint[]>();
      keys.forEach((key, i) => {
        const part = parts[i];
        if (part) live.set(key, part);
      });
      merged = { parts, data: mergeLive(response, live, base) };
      return merged.data;
    },
    subscribe: (listener) => store.subscribe(keys, listener),
  };
}
