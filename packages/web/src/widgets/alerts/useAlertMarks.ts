/**
 * The alert marks of a line or area chart: the alerts of its bound sensors inside its time window, read
 * when the chart shows and again every minute (new alerts appear without a reload). Kinds other than
 * line and area, charts without sensors and views without a marks source read nothing.
 */
import { type AlertMark, WIDGET_TIME_RANGE_MS, type WidgetConfig, type WidgetKind } from '@ferrite/contracts';
import { useContext, useEffect, useState } from 'react';
import { AlertMarksContext } from './AlertMarksContext';

/** Kinds that mark alerts. */
export const MARKED_KINDS: readonly WidgetKind[] = ['line', 'area'];
/** How often the marks are read again. */
export const MARKS_REFRESH_MS = 60_000;

/** The bound sensors of a config, at most 50 (the marks call's limit). */
export function markedSensors(config: WidgetConfig): string[] {
  const ids = config.series.map((s) => s.sensor_id).filter((id): id is string => Boolean(id));
  return [...new Set(ids)].slice(0, 50);
}

/** The chart's marks; [] until read, or when it marks none. */
export function useAlertMarks(kind: WidgetKind, config: WidgetConfig): AlertMark[] {
  const source = useContext(AlertMarksContext);
  const [marks, setMarks] = useState<AlertMark[]>([]);
  const sensors = MARKED_KINDS.includes(kind) ? markedSensors(config).join(',') : '';
  const span = WIDGET_TIME_RANGE_MS[config.time_range] ?? WIDGET_TIME_RANGE_MS['24h'];
  useEffect(() => {
    if (!source || !sensors) {
      setMarks([]);
      return;
    }
    let live = true;
    const read = () => {
      const to = new Date();
      const from = new Date(to.getTime() - span);
      source
        .read(sensors.split(','), from.toISOString(), to.toISOString())
        .then((found) => {
          if (live) setMarks(found);
        })
        // A failed read leaves the chart as it was (spec §8: alert fetch failures are silent).
        .catch(() => {});
    };
    read();
    const timer = setInterval(read, MARKS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [source, sensors, span]);
  return marks;
}
