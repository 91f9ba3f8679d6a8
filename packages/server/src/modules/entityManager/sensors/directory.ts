/**
 * The sensor directory (alert evaluation and Stream Logic read sensors through it): what a subscriber to
 * live data needs to know about a sensor: its type (and supertypes), the assets above it, and its
 * names for the alert ("Project / Asset / Sensor"). Held in memory for SENSOR_TTL_MS (a sensor moved or
 * renamed is seen within a minute); a batch's unknown sensors are read in one query, so a sensor created
 * after a rule is covered from its first reading on.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

export interface SensorInfo {
  id: string;
  orgId: string;
  projectId: string;
  name: string;
  /** Its type first, then the supertypes (entity_types.parent_type_id). */
  typeIds: string[];
  /** The assets above it, the root first. */
  assetIds: string[];
  /** Its parent asset, or null at a project's root. */
  parentId: string | null;
  /** "Project / Asset / …" (where it sits, without itself). */
  assetPath: string;
}

export const SENSOR_TTL_MS = 60_000;
const TYPES_TTL_MS = 60_000;
const MAX_SENSORS = 200_000;

/** Reads sensors by id (with their project and ancestors' names) in one statement. */
export async function selectSensors(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const result = await sql<{
    id: string;
    org_id: string;
    project_id: string;
    name: string;
    type_id: string;
    parent_id: string | null;
    path: string;
    project_name: string;
    ancestors: string | null;
  }>`
    select e.id, e.org_id, e.project_id, e.name, e.type_id, e.parent_id, e.path, p.name as project_name,
      (select json_agg(a.name order by a.depth)::text from entities a
        where a.org_id = e.org_id and a.path = left(e.path, length(a.path)) and a.id <> e.id) as ancestors
    from entities e join projects p on p.id = e.project_id
    where e.kind = 'sensor' and e.id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(db);
  return result.rows;
}

/** Sensors by id, cached; the type hierarchy per organization, cached. */
export class SensorDirectory {
  private readonly sensors = new Map<string, { at: number; info: SensorInfo | null }>();
  private readonly typeParents = new Map<
    string,
    { at: number; parents: Promise<Map<string, string | null>> }
  >();

  constructor(private readonly db: Db) {}

  /** The sensor if held and fresh (undefined: not held; null: not a sensor). */
  held(id: string, now: number = Date.now()): SensorInfo | null | undefined {
    const entry = this.sensors.get(id);
    if (!entry || now - entry.at >= SENSOR_TTL_MS) return undefined;
    return entry.info;
  }

  /** Resolves the sensors not held (one query), then answers each id's sensor (null when none). */
  async resolve(ids: Iterable<string>, now: number = Date.now()): Promise<Map<string, SensorInfo | null>> {
    const answer = new Map<string, SensorInfo | null>();
    const missing: string[] = [];
    for (const id of ids) {
      if (answer.has(id)) continue;
      const info = this.held(id, now);
      if (info === undefined) missing.push(id);
      answer.set(id, info ?? null);
    }
    if (missing.length === 0) return answer;
    const rows = await selectSensors(this.db, missing);
    if (this.sensors.size + missing.length > MAX_SENSORS) this.sensors.clear();
    for (const id of missing) this.sensors.set(id, { at: now, info: null });
    for (const row of rows) {
      let parents = await this.typeParentsOf(row.org_id, now);
      // A type created since the hierarchy was read: read it again.
      if (!parents.has(row.type_id)) {
        this.typeParents.delete(row.org_id);
        parents = await this.typeParentsOf(row.org_id, now);
      }
      const typeIds = [row.type_id];
      for (let type = parents.get(row.type_id); type && !typeIds.includes(type); type = parents.get(type))
        typeIds.push(type);
      const names = row.ancestors ? (JSON.parse(row.ancestors) as string[]) : [];
      const info: SensorInfo = {
        id: row.id,
        orgId: row.org_id,
        projectId: row.project_id,
        name: row.name,
        typeIds,
        assetIds: row.path.split('/').filter((part) => part && part !== row.id),
        parentId: row.parent_id,
        assetPath: [row.project_name, ...names].join(' / '),
      };
      this.sensors.set(row.id, { at: now, info });
      answer.set(row.id, info);
    }
    return answer;
  }

  private typeParentsOf(orgId: string, now: number): Promise<Map<string, string | null>> {
    const held = this.typeParents.get(orgId);
    if (held && now - held.at < TYPES_TTL_MS) return held.parents;
    const parents = this.db
      .selectFrom('entity_types')
      .select(['id', 'parent_type_id'])
      .where('org_id', '=', orgId)
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.id, row.parent_type_id])));
    this.typeParents.set(orgId, { at: now, parents });
    parents.catch(() => this.typeParents.delete(orgId));
    return parents;
  }
}
