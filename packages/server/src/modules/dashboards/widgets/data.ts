/**
 * A widget's data: the spec §3 read query (aggregate_func, from_date, to_date, group_interval,
 * group_interval_type, type, last) over each sensor parameter the widget reads, answered by the
 * telemetry query (rollups where they are exact). Members and link holders read through this.
 */
import {
  TELEMETRY_MAX_POINTS,
  type WidgetDataQuery,
  type WidgetInstance,
  type WidgetInstanceDataResponse,
  type WidgetSeriesData,
} from '@ferrite/contracts';
import {
  bucketCount,
  presentPoints,
  type TelemetryPointOut,
  type TelemetryQuery,
} from '../../../telemetry/query';
import { type DB, HttpProblem, problems } from '../shared';
import { type Labels, type LabelsRead, readWidgetSeries, type SeriesRead } from './readStatement';

/** The query fields resolved: the request's, else the widget's defaults; the window ends now. */
export function effectiveQuery(instance: WidgetInstance, q: WidgetDataQuery, now: Date = new Date()) {
  const defaults = instance.query;
  const namesWindow = q.from_date !== undefined || q.to_date !== undefined || q.type !== undefined;
  const last = q.last ?? (namesWindow ? null : defaults.last);
  const to = q.to_date ? new Date(q.to_date) : now;
  const from = q.from_date ? new Date(q.from_date) : new Date(to.getTime() - defaults.range_seconds * 1000);
  return {
    aggregate_func: q.aggregate_func ?? defaults.aggregate_func,
    from,
    to,
    group_interval: q.group_interval ?? defaults.group_interval,
    group_interval_type: q.group_interval_type ?? defaults.group_interval_type,
    type: q.type ?? (last === null ? defaults.type : 'raw'),
    last,
  };
}

/** The telemetry query a read asks for, or a 400 when the window is empty or holds too many buckets. */
function telemetryQueryOf(instance: WidgetInstance, request: WidgetDataQuery) {
  const q = effectiveQuery(instance, request);
  if (q.last === null && q.from >= q.to) {
    throw problems.badRequest('The window is empty', [
      {
        path: request.to_date ? 'query.from_date' : 'query.to_date',
        message: 'from_date must be before to_date',
      },
    ]);
  }
  if (
    q.last === null &&
    q.type === 'aggregate' &&
    bucketCount(q.from, q.to, q.group_interval_type, q.group_interval) > TELEMETRY_MAX_POINTS
  ) {
    throw problems.badRequest('Too many buckets', [
      {
        path: 'query.group_interval',
        message: `The window holds more than ${TELEMETRY_MAX_POINTS} buckets; widen the interval`,
      },
    ]);
  }
  const telemetry: TelemetryQuery = {
    aggregateFunc: q.aggregate_func,
    from: q.from,
    to: q.to,
    groupInterval: q.group_interval,
    groupIntervalType: q.group_interval_type,
    type: q.type,
    ...(q.last === null ? {} : { last: q.last }),
  };
  return { q, telemetry };
}

/** A widget read whose query is valid: the widget, its resolved query, and its telemetry query. */
interface PlannedRead extends ReturnType<typeof telemetryQueryOf> {
  instance: WidgetInstance;
}

/** The read planned, or the problem of a refused query (the 400 telemetryQueryOf throws). */
function planRead(instance: WidgetInstance, request: WidgetDataQuery): PlannedRead | HttpProblem {
  try {
    return { instance, ...telemetryQueryOf(instance, request) };
  } catch (error) {
    if (error instanceof HttpProblem) return error;
    throw error;
  }
}

/** The widget's answer from the labels and its series' points (in binding order). */
function answerOf(
  { instance, q }: PlannedRead,
  labels: Labels,
  points: readonly TelemetryPointOut[][],
): WidgetInstanceDataResponse {
  const series: WidgetSeriesData[] = instance.bindings.map((binding, index) => {
    // A sensor deleted since (or never of this organization) has no label and reads as an empty series.
    const label = labels.get(binding.sensor_id);
    return {
      key: `${binding.sensor_id}:${binding.param_key}`,
      sensor_id: binding.sensor_id,
      param_key: binding.param_key,
      sensor_name: label?.name ?? null,
      unit: label?.units.get(binding.param_key) ?? null,
      points: label ? presentPoints(points[index] ?? []) : [],
    };
  });
  return {
    widget_instance: instance,
    query: {
      aggregate_func: q.aggregate_func,
      from_date: q.from.toISOString(),
      to_date: q.to.toISOString(),
      group_interval: q.group_interval,
      group_interval_type: q.group_interval_type,
      type: q.type,
      last: q.last,
    },
    series,
  };
}

/**
 * Answers valid widget reads from one statement (readStatement.ts): every series, the labels of every
 * sensor (or a check of labels read before), and the row version of `versionOf` when asked. No answers
 * when known labels turned out changed.
 */
async function readPlanned(
  db: DB,
  orgId: string,
  reads: readonly PlannedRead[],
  versionOf?: string,
  knownLabels?: LabelsRead,
) {
  const series: SeriesRead[] = reads.flatMap(({ instance, telemetry }) =>
    instance.bindings.map((b) => ({
      key: { sensorId: b.sensor_id, paramKey: b.param_key },
      query: telemetry,
    })),
  );
  const sensorIds = [...new Set(series.map((s) => s.key.sensorId))];
  const result = await readWidgetSeries(db, orgId, {
    series,
    sensorIds,
    ...(versionOf === undefined ? {} : { versionOf }),
    ...(knownLabels === undefined ? {} : { knownLabels }),
  });
  const { labels } = result;
  let first = 0;
  const answers = labels
    ? reads.map((read) => {
        const points = result.points.slice(first, first + read.instance.bindings.length);
        first += read.instance.bindings.length;
        return answerOf(read, labels.labels, points);
      })
    : null;
  return { version: result.version, labels, answers };
}

/** A widget's answer, and the labels it was built with (widgetCache.ts remembers them). */
export interface WidgetDataRead {
  answer: WidgetInstanceDataResponse;
  labels: LabelsRead;
}

/** A single read's answer with its labels; null when the known labels turned out changed. */
function singleRead(read: Awaited<ReturnType<typeof readPlanned>>): WidgetDataRead | null {
  const [answer] = read.answers ?? [];
  return answer && read.labels ? { answer, labels: read.labels } : null;
}

/** Answers the widget's series for the query (400 when the window is empty or holds too many buckets). */
export async function widgetData(
  db: DB,
  orgId: string,
  instance: WidgetInstance,
  request: WidgetDataQuery,
): Promise<WidgetDataRead> {
  const read = singleRead(
    await readPlanned(db, orgId, [{ instance, ...telemetryQueryOf(instance, request) }]),
  );
  if (!read) throw new Error('Fresh labels are always read');
  return read;
}

/**
 * The widget's answer if its row still has this version and the known labels' rows are unchanged (see
 * widgetCache.ts), checked in the same statement that reads the data. Null when something changed or
 * is gone, or when the query is refused: the caller then reads the row afresh, so a widget deleted
 * since answers 404 before a bad query 400.
 */
export async function widgetDataIfCurrent(
  db: DB,
  orgId: string,
  instance: WidgetInstance,
  known: { version: string; labels?: LabelsRead },
  request: WidgetDataQuery,
): Promise<WidgetDataRead | null> {
  const planned = planRead(instance, request);
  if (planned instanceof HttpProblem) return null;
  const read = await readPlanned(db, orgId, [planned], instance.id, known.labels);
  return read.version === known.version ? singleRead(read) : null;
}

/**
 * Several widgets of one panel answered together (a dashboard opening reads all of them) in one
 * statement. A read whose query is refused answers its own problem, so one bad widget does not blank
 * the others.
 */
export async function widgetDataBatch(
  db: DB,
  orgId: string,
  reads: readonly { instance: WidgetInstance; query: WidgetDataQuery }[],
): Promise<({ data: WidgetInstanceDataResponse } | { problem: HttpProblem })[]> {
  const planned = reads.map(({ instance, query }) => planRead(instance, query));
  const valid = planned.filter((read): read is PlannedRead => !(read instanceof HttpProblem));
  const answers = ((await readPlanned(db, orgId, valid)).answers ?? []).values();
  return planned.map((read) =>
    read instanceof HttpProblem
      ? { problem: read }
      : { data: answers.next().value as WidgetInstanceDataResponse },
  );
}
