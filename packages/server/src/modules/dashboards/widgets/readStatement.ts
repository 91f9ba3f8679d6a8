/**
 * Everything a widget read needs from the database in one statement: every series' points, the names
 * and units of the sensors they read (or, for labels read before, a check that their rows are
 * unchanged), and (on a read that trusts a remembered widget) the widget row's version. A dashboard
 * refreshes its widgets all day; on PGlite each statement is a trip to its worker thread plus the fixed
 * cost of parsing and planning in WebAssembly, and on PostgreSQL a network round trip, so one statement
 * instead of three (row, labels, points) is most of a read's overhead.
 */
import { type RawBuilder, sql } from 'kysely';
import {
  parsePoints,
  type SeriesKey,
  type TelemetryPointOut,
  type TelemetryQuery,
  telemetryPointsSql,
} from '../../../telemetry/query';
import { effectiveParameters, type TypeNode } from '../../entityManager';
import type { DB } from '../shared';
import { WIDGET_ROW_VERSION } from './repository';

/** What a sensor's label needs of its types: the parameters, along the parent chain. */
type LabelType = Pick<TypeNode, 'id' | 'parent_type_id' | 'parameters'>;

/** Sensor id → its name and the unit of each parameter. */
export type Labels = Map<string, { name: string; units: Map<string, string> }>;

/**
 * Labels with what they were read from: the sensors and types (their chains) found, and a fingerprint of
 * those rows (`id:xmin` in id order) that changes when any of them is updated or deleted.
 */
export interface LabelsRead {
  labels: Labels;
  sensorIds: string[];
  typeIds: string[];
  fingerprint: string;
}

/** A row as read with its version: the id and its xmin as text. */
interface Versioned {
  id: string;
  v: string;
}

/** The fingerprint of rows read with their versions; the same as rowsFingerprint gives for them. */
function fingerprintOf(rows: readonly Versioned[]): string {
  return [...rows]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((row) => `${row.id}:${row.v}`)
    .join(',');
}

/** The fingerprint of these rows now (uuid order is the order of their lowercase text). */
function rowsFingerprint(table: 'entities' | 'entity_types', orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return sql<string>`''`;
  return sql<string>`(select coalesce(string_agg(id::text || ':' || xmin::text, ',' order by id), '')
    from ${sql.table(table)} where org_id = ${orgId} and id in (${sql.join(ids)}))`;
}

/**
 * The sensors (of this organization only) and the chains of their types, as two scalar subqueries of
 * JSON text: a sensor of another organization is not found and so has no label.
 */
function labelsSql(orgId: string, sensorIds: readonly string[]) {
  const ids = sql`(${sql.join(sensorIds)})`;
  const sensors = sql<string>`(
    select coalesce(json_agg(json_build_object(
      'id', e.id, 'v', e.xmin::text, 'name', e.name, 'type_id', e.type_id)), '[]')::text
    from entities e where e.org_id = ${orgId} and e.kind = 'sensor' and e.id in ${ids})`;
  const types = sql<string>`(
    with recursive chain(id, parent_type_id) as (
      select t.id, t.parent_type_id from entity_types t
      join entities e on e.type_id = t.id and e.org_id = t.org_id
      where e.org_id = ${orgId} and e.kind = 'sensor' and e.id in ${ids}
      union
      select p.id, p.parent_type_id from entity_types p
      join chain c on c.parent_type_id = p.id
      where p.org_id = ${orgId}
    )
    select coalesce(json_agg(json_build_object(
      'id', t.id, 'v', t.xmin::text, 'parent_type_id', t.parent_type_id, 'parameters', t.parameters)), '[]')::text
    from entity_types t join chain using (id) where t.org_id = ${orgId})`;
  return { sensors, types };
}

function parseLabels(sensorsJson: string | undefined, typesJson: string | undefined): LabelsRead {
  const labels: Labels = new Map();
  const sensors = JSON.parse(sensorsJson ?? '[]') as (Versioned & { name: string; type_id: string })[];
  const typeRows = JSON.parse(typesJson ?? '[]') as (Versioned & LabelType)[];
  const types = new Map(typeRows.map((type) => [type.id, type]));
  for (const sensor of sensors) {
    const parameters = effectiveParameters(sensor.type_id, types);
    labels.set(sensor.id, { name: sensor.name, units: new Map(parameters.map((p) => [p.key, p.unit])) });
  }
  return {
    labels,
    sensorIds: sensors.map((sensor) => sensor.id),
    typeIds: typeRows.map((type) => type.id),
    fingerprint: `${fingerprintOf(sensors)}|${fingerprintOf(typeRows)}`,
  };
}

/** One series to read: a sensor parameter and its telemetry query. */
export interface SeriesRead {
  key: SeriesKey;
  query: TelemetryQuery;
}

export interface WidgetReadRequest {
  series: readonly SeriesRead[];
  /** The sensors whose labels to read. */
  sensorIds: readonly string[];
  /** A widget whose row version to read beside (null when the row is gone). */
  versionOf?: string;
  /** Labels read before: checked by their fingerprint instead of read again (they rarely change). */
  knownLabels?: LabelsRead;
}

export interface WidgetReadResult {
  /** The row version of `versionOf` (xmin as text: it changes with every update of the row), or null. */
  version: string | null;
  /** Read now, or the known labels if their rows are unchanged; null when they changed. */
  labels: LabelsRead | null;
  /** Each series' points, in the order asked. */
  points: TelemetryPointOut[][];
}

/** Reads the request in one statement (none when there is nothing to read). */
export async function readWidgetSeries(
  db: DB,
  orgId: string,
  request: WidgetReadRequest,
): Promise<WidgetReadResult> {
  const columns: RawBuilder<unknown>[] = [];
  if (request.versionOf !== undefined) {
    columns.push(sql`(select ${WIDGET_ROW_VERSION} from dashboard_widgets
      where id = ${request.versionOf} and org_id = ${orgId}) as version`);
  }
  const known = request.knownLabels;
  if (known) {
    const sensors = rowsFingerprint('entities', orgId, known.sensorIds);
    const types = rowsFingerprint('entity_types', orgId, known.typeIds);
    columns.push(sql`${sensors} || '|' || ${types} as fingerprint`);
  } else if (request.sensorIds.length > 0) {
    const { sensors, types } = labelsSql(orgId, request.sensorIds);
    columns.push(sql`${sensors} as sensors`, sql`${types} as types`);
  }
  // Series with nothing to read (an empty window) have no column.
  const series = request.series.map(({ key, query }) => telemetryPointsSql(orgId, key, query).json);
  series.forEach((json, index) => {
    if (json) columns.push(sql`${json} as ${sql.ref(`s${index}`)}`);
  });
  const row =
    columns.length === 0
      ? {}
      : ((await sql<Record<string, string | null>>`select ${sql.join(columns)}`.execute(db)).rows[0] ?? {});
  return {
    version: row.version ?? null,
    labels: known
      ? (row.fingerprint ?? '|') === known.fingerprint
        ? known
        : null
      : parseLabels(row.sensors ?? undefined, row.types ?? undefined),
    points: series.map((_, index) => parsePoints(row[`s${index}`])),
  };
}
