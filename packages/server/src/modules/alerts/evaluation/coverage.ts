/**
 * Which sensors a scope covers, in SQL (the jobs, the preview and the backtest; readings use the
 * in-memory index): one sensor, every sensor of a type or of its sub-types, or every sensor under an
 * asset (its path's prefix).
 */
import type { RuleScope } from '@ferrite/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

/** A condition on `e` (entities) that holds for the sensors the scope covers. */
export function scopeFilter(orgId: string, scope: RuleScope): RawBuilder<unknown> {
  if (scope.kind === 'sensor') return sql`e.id = ${scope.sensor_id}::uuid`;
  if (scope.kind === 'sensor_type')
    return sql`e.type_id in (
      with recursive t(id) as (
        select id from entity_types where id = ${scope.type_id}::uuid and org_id = ${orgId}
        union all
        select et.id from entity_types et join t on et.parent_type_id = t.id)
      select id from t)`;
  return sql`e.id <> ${scope.asset_id}::uuid and starts_with(e.path,
    (select a.path from entities a where a.id = ${scope.asset_id}::uuid and a.org_id = ${orgId}))`;
}

/** Whether the scope's sensor, type or asset belongs to the organization (and is of the right kind). */
export async function scopeExists(db: Db, orgId: string, scope: RuleScope): Promise<boolean> {
  if (scope.kind === 'sensor_type') {
    const row = await db
      .selectFrom('entity_types')
      .select('id')
      .where('id', '=', scope.type_id)
      .where('org_id', '=', orgId)
      .where('kind', '=', 'sensor')
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await db
    .selectFrom('entities')
    .select('id')
    .where('id', '=', scope.kind === 'sensor' ? scope.sensor_id : scope.asset_id)
    .where('org_id', '=', orgId)
    .where('kind', '=', scope.kind)
    .executeTakeFirst();
  return row !== undefined;
}

/** The covered sensors' ids (by name, at most `limit`) and how many there are in all. */
export async function coveredSensors(
  db: Db,
  orgId: string,
  scope: RuleScope,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const result = await sql<{ id: string; total: number }>`
    select e.id, (count(*) over ())::int as total from entities e
    where e.org_id = ${orgId} and e.kind = 'sensor' and ${scopeFilter(orgId, scope)}
    order by e.name, e.id limit ${limit}`.execute(db);
  return { ids: result.rows.map((row) => row.id), total: result.rows[0]?.total ?? 0 };
}
