/**
 * SQL for assets and sensors of a project; every method is scoped to one organization. The hierarchy
 * is the materialized path of migration 0003: '/<root id>/…/<own id>/', so a subtree is one prefix
 * match on the (org_id, project_id, path text_pattern_ops) index.
 */
import type { EntityKind } from '@ferrite/contracts';
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import type { StoredMetadata } from '../metadata';

/** What a create or an edit writes (the place in the tree is written by insert and move). */
export interface EntityValues {
  type_id: string;
  name: string;
  description: string;
  metadata: StoredMetadata[];
  caretaker_ids: string[];
  latitude: number | null;
  longitude: number | null;
  position: string | null;
}

/** A new entity with its place in the tree computed by the caller. */
export interface NewEntity extends EntityValues {
  id: string;
  project_id: string;
  kind: EntityKind;
  parent_id: string | null;
  path: string;
  depth: number;
}

/** A stored entity with its type's name. */
export interface EntityRow extends NewEntity {
  org_id: string;
  type_name: string;
  created_at: Date;
}

/** Rows per multi-row INSERT: 15 columns × 1,000 rows stays far below the 65,535 parameter limit. */
const INSERT_BATCH = 1000;

/** Sibling order in SQL; compareSiblings in ../shared is its in-memory twin. */
const byName = [sql`lower(e.name collate "C")`, sql`e.name collate "C"`] as const;

/** The subtree of a path: the entity and everything beneath it. UUIDs hold no LIKE wildcards. */
function subtreePattern(path: string): string {
  return `${path}%`;
}

/** Data access for entities; bind it to a transaction with `transaction`. */
export class EntityRepository extends Repository {
  private select(orgId: string, projectId: string) {
    return this.db
      .selectFrom('entities as e')
      .innerJoin('entity_types as t', (join) =>
        join.onRef('t.id', '=', 'e.type_id').onRef('t.org_id', '=', 'e.org_id'),
      )
      .select([
        'e.id',
        'e.org_id',
        'e.project_id',
        'e.kind',
        'e.type_id',
        't.name as type_name',
        'e.parent_id',
        'e.path',
        'e.depth',
        'e.name',
        'e.description',
        'e.metadata',
        'e.caretaker_ids',
        'e.latitude',
        'e.longitude',
        'e.position',
        'e.created_at',
      ])
      .where('e.org_id', '=', orgId)
      .where('e.project_id', '=', projectId);
  }

  private filtered(
    orgId: string,
    projectId: string,
    kind: EntityKind,
    filter: { parentId?: string | undefined; typeId?: string | undefined; pattern: string | null },
  ) {
    let query = this.select(orgId, projectId).where('e.kind', '=', kind);
    if (filter.parentId) query = query.where('e.parent_id', '=', filter.parentId);
    if (filter.typeId) query = query.where('e.type_id', '=', filter.typeId);
    const pattern = filter.pattern;
    if (pattern) {
      query = query.where((eb) =>
        eb.or([eb('e.name', 'ilike', pattern), eb('e.description', 'ilike', pattern)]),
      );
    }
    return query;
  }

  /** One page of a kind's entities in sibling order, optionally under one parent or of one type. */
  list(
    orgId: string,
    projectId: string,
    kind: EntityKind,
    filter: {
      parentId?: string | undefined;
      typeId?: string | undefined;
      pattern: string | null;
      limit: number;
      offset: number;
    },
  ): Promise<EntityRow[]> {
    return this.filtered(orgId, projectId, kind, filter)
      .orderBy(byName[0])
      .orderBy(byName[1])
      .orderBy('e.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute() as Promise<EntityRow[]>;
  }

  /** How many entities the same filter matches. */
  async count(
    orgId: string,
    projectId: string,
    kind: EntityKind,
    filter: { parentId?: string | undefined; typeId?: string | undefined; pattern: string | null },
  ): Promise<number> {
    const row = await this.filtered(orgId, projectId, kind, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The entity, if it is in the project (of the kind, when given). */
  findById(orgId: string, projectId: string, id: string, kind?: EntityKind): Promise<EntityRow | undefined> {
    let query = this.select(orgId, projectId).where('e.id', '=', id);
    if (kind) query = query.where('e.kind', '=', kind);
    return query.executeTakeFirst() as Promise<EntityRow | undefined>;
  }

  /** Whether the sensor is one of the organization's, in any project (joining its live-values room). */
  async sensorExists(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('entities')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('kind', '=', 'sensor')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The entities of the project among these ids, with what a parent check needs. */
  async places(orgId: string, projectId: string, ids: readonly string[]) {
    if (ids.length === 0)
      return new Map<string, { id: string; kind: string; name: string; path: string; depth: number }>();
    const rows = await this.db
      .selectFrom('entities')
      .select(['id', 'kind', 'name', 'path', 'depth'])
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Names of entities of the organization by id (ancestors for the `hierarchy` field). */
  async namesByIds(orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('entities')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** How many entities each of these holds directly. */
  async childCounts(orgId: string, ids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(ids.map((id) => [id, 0]));
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom('entities')
      .select(['parent_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('org_id', '=', orgId)
      .where('parent_id', 'in', ids)
      .groupBy('parent_id')
      .execute();
    for (const row of rows) if (row.parent_id) counts.set(row.parent_id, Number(row.n));
    return counts;
  }

  /** How many assets and sensors sit beneath a path (the entity itself not counted). */
  async descendantCounts(
    orgId: string,
    projectId: string,
    path: string,
  ): Promise<{ asset: number; sensor: number }> {
    const rows = await this.db
      .selectFrom('entities')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('path', 'like', subtreePattern(path))
      .where('path', '!=', path)
      .groupBy('kind')
      .execute();
    const counts = { asset: 0, sensor: 0 };
    for (const row of rows)
      if (row.kind === 'asset' || row.kind === 'sensor') counts[row.kind] = Number(row.n);
    return counts;
  }

  /** People of the organization by id, whether or not they are still active (caretakers shown by name). */
  people(orgId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.name', 'u.email'])
      .where('m.org_id', '=', orgId)
      .where('u.id', 'in', [...new Set(ids)])
      .execute();
  }

  /** Which of these users are active members of the organization. */
  async activeMemberIds(orgId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('org_id', '=', orgId)
      .where('user_id', 'in', [...new Set(userIds)])
      .where('archived_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /** Inserts entities in multi-row batches; callers order parents before children. */
  async insertMany(orgId: string, entities: readonly NewEntity[]): Promise<void> {
    for (let start = 0; start < entities.length; start += INSERT_BATCH) {
      const batch = entities.slice(start, start + INSERT_BATCH);
      await this.db
        .insertInto('entities')
        .values(batch.map((entity) => ({ org_id: orgId, ...serialize(entity) })))
        .execute();
    }
  }

  /** Replaces an entity's own fields (its place in the tree changes with moveSubtree). */
  async update(orgId: string, projectId: string, id: string, values: EntityValues): Promise<void> {
    await this.db
      .updateTable('entities')
      .set({ ...serializeValues(values), updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves an entity and its whole subtree in one UPDATE: every path under `from` is re-rooted at `to`,
   * depths shift by the difference, and the moved entity gets its new parent.
   */
  async moveSubtree(
    orgId: string,
    projectId: string,
    move: { id: string; parentId: string | null; from: string; to: string; depthDelta: number },
  ): Promise<void> {
    await this.db
      .updateTable('entities')
      .set({
        path: sql`${move.to} || substr(path, ${move.from.length + 1})`,
        depth: sql`depth + ${move.depthDelta}`,
        parent_id: sql`case when id = ${move.id} then ${move.parentId}::uuid else parent_id end`,
        updated_at: sql`case when id = ${move.id} then now() else updated_at end`,
      })
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('path', 'like', subtreePattern(move.from))
      .execute();
  }

  /** Deletes an entity and everything beneath it in one statement; answers how many rows went. */
  async deleteSubtree(orgId: string, projectId: string, path: string): Promise<number> {
    const rows = await this.db
      .deleteFrom('entities')
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('path', 'like', subtreePattern(path))
      .returning('id')
      .execute();
    return rows.length;
  }
}

function serializeValues(values: EntityValues) {
  return {
    type_id: values.type_id,
    name: values.name,
    description: values.description,
    metadata: JSON.stringify(values.metadata),
    caretaker_ids: JSON.stringify(values.caretaker_ids),
    latitude: values.latitude,
    longitude: values.longitude,
    position: values.position,
  };
}

function serialize(entity: NewEntity) {
  return {
    id: entity.id,
    project_id: entity.project_id,
    kind: entity.kind,
    parent_id: entity.parent_id,
    path: entity.path,
    depth: entity.depth,
    ...serializeValues(entity),
  };
}
