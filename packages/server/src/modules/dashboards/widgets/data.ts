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
import { sql } from 'kysely';
import { bucketCount, queryTelemetry, type TelemetryQuery } from '../../../telemetry/query';
import { effectiveParameters, type TypeNode } from '../../entityManager/types/effective';
import { type DB, HttpProblem, problems } from '../shared';

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

/** What a sensor's label needs of its types: the parameters, along the parent chain. */
type LabelType = Pick<TypeNode, 'id' | 'parent_type_id' | 'parameters'>;

/**
 * Names and units of the sensors a widget reads (sensors of another organization are not found). One
 * statement, the sensors and their types' chains as JSON text: a widget refreshes often, and on PGlite
 * every statement is a trip to its worker thread.
 */
async function sensorLabels(db: DB, orgId: string, sensorIds: readonly string[]) {
  const labels = new Map<string, { name: string; units: Map<string, string> }>();
  if (sensorIds.length === 0) return labels;
  const ids = sql`(${sql.join(sensorIds)})`;
  const result = await sql<{ sensors: string; types: string }>`
    with recursive chain(id, parent_type_id) as (
      select t.id, t.parent_type_id from entity_types t
      join entities e on e.type_id = t.id and e.org_id = t.org_id
      where e.org_id = ${orgId} and e.kind = 'sensor' and e.id in ${ids}
      union
      select p.id, p.parent_type_id from entity_types p
      join chain c on c.parent_type_id = p.id
      where p.org_id = ${orgId}
    )
    select
      (select coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'type_id', e.type_id)), '[]')
       from entities e where e.org_id = ${orgId} and e.kind = 'sensor' and e.id in ${ids})::text as sensors,
      (select coalesce(json_agg(json_build_object(
         'id', t.id, 'parent_type_id', t.parent_type_id, 'parameters', t.parameters)), '[]')
       from entity_types t join chain using (id) where t.org_id = ${orgId})::text as types`.execute(db);
  // As text: it crosses from PGlite's worker thread in one copy and is parsed here.
  const row = result.rows[0];
  const sensors = JSON.parse(row?.sensors ?? '[]') as { id: string; name: string; type_id: string }[];
  const types = new Map((JSON.parse(row?.types ?? '[]') as LabelType[]).map((type) => [type.id, type]));
  for (const sensor of sensors) {
    const parameters = effectiveParameters(sensor.type_id, types);
    labels.set(sensor.id, { name: sensor.name, units: new Map(parameters.map((p) => [p.key, p.unit])) });
  }
  return labels;
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

type Labels = Awaited<ReturnType<typeof sensorLabels>>;

/**
 * Starts reading the labels of every sensor the widgets read. A read whose query is refused never awaits
 * them; the handler attached here keeps a failure then from being an unhandled rejection (each read that
 * does await them still sees it).
 */
function readLabels(db: DB, orgId: string, instances: readonly WidgetInstance[]): Promise<Labels> {
  const sensorIds = new Set(instances.flatMap((instance) => instance.bindings.map((b) => b.sensor_id)));
  const read = sensorLabels(db, orgId, [...sensorIds]);
  read.catch(() => undefined);
  return read;
}

/** One widget's answer, once its sensors' labels are read (or being read: they overlap the points). */
async function answer(
  db: DB,
  orgId: string,
  instance: WidgetInstance,
  request: WidgetDataQuery,
  labelsRead: Promise<Labels>,
): Promise<WidgetInstanceDataResponse> {
  const { q, telemetry } = telemetryQueryOf(instance, request);
  // On PostgreSQL the series' points and the labels are read at once: a widget refreshes often.
  const [labels, ...answers] = await Promise.all([
    labelsRead,
    ...instance.bindings.map((binding) =>
      queryTelemetry(db, orgId, { sensorId: binding.sensor_id, paramKey: binding.param_key }, telemetry),
    ),
  ]);
  const series: WidgetSeriesData[] = instance.bindings.map((binding, index) => {
    // A sensor deleted since (or never of this organization) has no label and reads as an empty series.
    const label = labels.get(binding.sensor_id);
    const points = label ? (answers[index]?.points ?? []) : [];
    return {
      key: `${binding.sensor_id}:${binding.param_key}`,
      sensor_id: binding.sensor_id,
      param_key: binding.param_key,
      sensor_name: label?.name ?? null,
      unit: label?.units.get(binding.param_key) ?? null,
      points: points.map((point) => ({ ts: point.ts.toISOString(), value: point.value })),
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

/** Answers the widget's series for the query (400 when the window is empty or holds too many buckets). */
export async function widgetData(
  db: DB,
  orgId: string,
  instance: WidgetInstance,
  request: WidgetDataQuery,
): Promise<WidgetInstanceDataResponse> {
  return answer(db, orgId, instance, request, readLabels(db, orgId, [instance]));
}

/**
 * Several widgets of one panel answered together (a dashboard opening reads all of them): the labels of
 * all their sensors are read once and every read runs side by side. A read that fails answers its own
 * problem, so one bad widget does not blank the others.
 */
export async function widgetDataBatch(
  db: DB,
  orgId: string,
  reads: readonly { instance: WidgetInstance; query: WidgetDataQuery }[],
): Promise<({ data: WidgetInstanceDataResponse } | { problem: HttpProblem })[]> {
  const labelsRead = readLabels(
    db,
    orgId,
    reads.map((read) => read.instance),
  );
  return Promise.all(
    reads.map(async ({ instance, query }) => {
      try {
        return { data: await answer(db, orgId, instance, query, labelsRead) };
      } catch (error) {
        if (error instanceof HttpProblem) return { problem: error };
        throw error;
      }
    }),
  );
}
