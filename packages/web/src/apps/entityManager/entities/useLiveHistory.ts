/**
 * One parameter's history for the sensor chart, live: the range's buckets are read once (GET …/data),
 * then the values the sensor's socket room brings are folded in by the rule every live chart shares
 * (app/liveSeries.ts): the newest bucket moves, new buckets are appended and those that slid out of the
 * window are dropped. The live values kept stay within the window and LIVE_HISTORY_BOUND; past the bound,
 * or when the room comes back after a break, the window is read again from now.
 */
import type { SensorValuesEvent } from '@ferrite/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FoldQuery, foldLive, type SeriesPoint } from '../../../app/liveSeries';
import { useSensorRoom } from '../../../app/sensorRoom';
import { useGetSensorSeriesQuery } from '../api/telemetryApi';
import { RANGE_SPECS, type RangeQuery, rangeQuery, type SensorRange } from './sensorRanges';

/** The most live values kept between two reads (an hour of one value a second). */
export const LIVE_HISTORY_BOUND = 3_600;

interface HistoryArgs {
  orgId: string;
  sensorId: string;
  /** '' reads nothing (a sensor without parameters). */
  paramKey: string;
  range: SensorRange;
}

/** A read and the window it was asked for: live values fold in after its end. */
interface ShownRead {
  view: string;
  query: FoldQuery;
  points: SeriesPoint[];
}

/** Live values of one view (sensor, parameter, range), oldest first. */
interface LiveBuffer {
  view: string;
  points: SeriesPoint[];
}

const foldQuery = (query: RangeQuery): FoldQuery => ({ ...query, type: 'aggregate', last: null });

/** Adds a parameter's new values to the buffer, keeping those after the read and within the window. */
function buffered(
  current: SeriesPoint[],
  added: SeriesPoint[],
  readUntil: number,
  span: number,
): SeriesPoint[] {
  const merged = [...current, ...added].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  const newest = Date.parse(merged[merged.length - 1]?.ts ?? '');
  const from = Math.max(readUntil, newest - span);
  return merged.filter((point) => Date.parse(point.ts) > from);
}

/** The chart's points (undefined until the first read of this view) and whether the read failed. */
export function useLiveHistory({ orgId, sensorId, paramKey, range }: HistoryArgs) {
  const view = `${sensorId}|${paramKey}|${range}`;
  // Bumped to read the window again from now.
  const [anchor, setAnchor] = useState(0);
  const reanchor = useCallback(() => setAnchor((n) => n + 1), []);
  // The window is fixed when the view (or anchor) changes; a fresh `now` each render would refetch forever.
  // biome-ignore lint/correctness/useExhaustiveDependencies: view and anchor re-anchor the window on purpose
  const query = useMemo(() => rangeQuery(range, new Date()), [range, view, anchor]);
  const series = useGetSensorSeriesQuery({ orgId, sensorId, paramKey, query }, { skip: !orgId || !paramKey });

  // While a re-anchored window is read, the chart keeps the last read of the same view instead of a skeleton.
  const current = series.currentData;
  const latestRead = useMemo<ShownRead | null>(
    () => (current ? { view, query: foldQuery(query), points: current.points } : null),
    [current, view, query],
  );
  const kept = useRef<ShownRead | null>(null);
  if (latestRead) kept.current = latestRead;
  const read = latestRead ?? (kept.current?.view === view ? kept.current : null);
  const readRef = useRef(read);
  readRef.current = read;

  const [live, setLive] = useState<LiveBuffer>({ view, points: [] });
  const onValues = useCallback(
    (event: SensorValuesEvent) => {
      const added = event.values
        .filter((v) => v.param_key === paramKey && Number.isFinite(v.value))
        .map((v) => ({ ts: v.ts, value: v.value }));
      if (added.length === 0) return;
      const readUntil = Date.parse(readRef.current?.query.to_date ?? '') || Number.NEGATIVE_INFINITY;
      setLive((buffer) => ({
        view,
        points: buffered(
          buffer.view === view ? buffer.points : [],
          added,
          readUntil,
          RANGE_SPECS[range].span,
        ),
      }));
    },
    [paramKey, range, view],
  );
  useSensorRoom({ orgId, sensorId: paramKey ? sensorId : null, onValues, onResume: reanchor });
  // A new read counted what the buffer held before its end.
  useEffect(() => {
    if (!latestRead) return;
    const readUntil = Date.parse(latestRead.query.to_date);
    setLive((buffer) =>
      buffer.points.some((point) => Date.parse(point.ts) <= readUntil)
        ? { view: buffer.view, points: buffer.points.filter((point) => Date.parse(point.ts) > readUntil) }
        : buffer,
    );
  }, [latestRead]);
  const fetching = series.isFetching;
  useEffect(() => {
    if (live.points.length > LIVE_HISTORY_BOUND && !fetching) reanchor();
  }, [live, fetching, reanchor]);

  const livePoints = live.view === view ? live.points : null;
  const points = useMemo(
    () => (read ? foldLive(read.points, livePoints ?? [], read.query) : undefined),
    [read, livePoints],
  );
  return { points, isError: series.isError && !read };
}
