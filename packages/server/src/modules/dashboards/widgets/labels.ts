/**
 * The labels of a widget's series: each sensor's name and the unit of each of its parameters (from its
 * type and the type's ancestors). Read in one statement, as JSON text, alone or with the widget
 * instance itself: a widget refreshes often, and on PGlite every statement is a trip to its worker
 * thread (text crosses it in one copy).
 */
import { type RawBuilder, sql } from 'kysely';
import { effectiveParameters, type TypeNode } from '../../entityManager/types/effective';
import type { DB } from '../shared';
import type { WidgetRow } from './repository';

export type Labels = Map<string, { name: string; units: Map<string, string> }>;

type LabelColumns = { sensors: string; types: string };
type LabelType = Pick<TypeNode, 'id' | 'parent_type_id' | 'parameters'>;

/**
 * The SQL of the labels of the sensors `ids` names (a parenthesized list or subquery): the recursive
 * `chain` of their types for a WITH RECURSIVE list, and the two JSON text columns that use it.
 */
function labelParts(orgId: string, ids: RawBuilder<unknown>) {
  return {
    chain: sql`chain(id, parent_type_id) as (
      select t.id, t.parent_type_id from entity_types t
      join entities e on e.type_id = t.id and e.org_id = t.org_id
      where e.org_id = ${orgId} and e.kind = 'sensor' and e.id in ${ids}
      union
      select p.id, p.parent_type_id from entity_types p
      join chain c on c.parent_type_id = p.id
      where p.org_id = ${orgId}
    )`,
    columns: sql`
      (select coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'type_id', e.type_id)), '[]')
       from entities e where e.org_id = ${orgId} and e.kind = 'sensor' and e.id in ${ids})::text as sensors,
      (select coalesce(json_agg(json_build_object(
         'id', t.id, 'parent_type_id', t.parent_type_id, 'parameters', t.parameters)), '[]')
       from entity_types t join chain using (id) where t.org_id = ${orgId})::text as types`,
  };
}

function parseLabels(row: LabelColumns | undefined): Labels {
  const labels: Labels = new Map();
  const sensors = JSON.parse(row?.sensors ?? '[]') as { id: string; name: string; type_id: string }[];
  const types = new Map((JSON.parse(row?.types ?? '[]') as LabelType[]).map((type) => [type.id, type]));
  for (const sensor of sensors) {
    const parameters = effectiveParameters(sensor.type_id, types);
    labels.set(sensor.id, { name: sensor.name, units: new Map(parameters.map((p) => [p.key, p.unit])) });
  }
  return labels;
}

/** Labels of these sensors (sensors of another organization are not found). */
export async function sensorLabels(db: DB, orgId: string, sensorIds: readonly string[]): Promise<Labels> {
  if (sensorIds.length === 0) return new Map();
  const { chain, columns } = labelParts(orgId, sql`(${sql.join(sensorIds)})`);
  const result = await sql<LabelColumns>`with recursive ${chain} select ${columns}`.execute(db);
  return parseLabels(result.rows[0]);
}

/** A widget instance of the organization with the labels of the sensors its bindings name. */
export async function instanceWithLabels(
  db: DB,
  orgId: string,
  id: string,
): Promise<{ row: WidgetRow; labels: Labels } | undefined> {
  const { chain, columns } = labelParts(orgId, sql`(select id from ids)`);
  const result = await sql<WidgetRow & LabelColumns>`
    with recursive
      w as (
        select id, org_id, dashboard_id, panel_id, subpanel_id, widget_id, config, bindings, layout,
               created_at, updated_at
        from dashboard_widgets where org_id = ${orgId} and id = ${id}
      ),
      ids as (select (b ->> 'sensor_id')::uuid as id from w, jsonb_array_elements(w.bindings) as b),
      ${chain}
    select w.*, ${columns} from w`.execute(db);
  const found = result.rows[0];
  if (!found) return undefined;
  const { sensors, types, ...row } = found;
  return { row, labels: parseLabels({ sensors, types }) };
}
