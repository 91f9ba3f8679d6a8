/** SQL for asset and sensor types; every method is scoped to one organization. */
import type { EntityKind, MetadataField, ParameterField, TypeProperty } from '@ferrite/contracts';
import { type QueryCreator, type SelectQueryBuilder, sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import type { Database } from '../../../platform/db/schema';

export interface TypeValues {
  name: string;
  description: string;
  parent_type_id: string | null;
  metadata_fields: MetadataField[];
  properties: TypeProperty[];
  parameters: ParameterField[];
}

/** A stored type, with its jsonb lists typed as the contracts describe them. */
export interface TypeRow extends TypeValues {
  id: string;
  org_id: string;
  kind: string;
  created_at: Date;
}

const COLUMNS = [
  't.id',
  't.org_id',
  't.kind',
  't.name',
  't.description',
  't.parent_type_id',
  't.metadata_fields',
  't.properties',
  't.parameters',
  't.created_at',
] as const;

/** Data access for entity types; bind it to a transaction with `transaction`. */
/** A row of the recursive walk up the type parents, and the tables in scope while it is built. */
type ChainLink = { id: string; parent_type_id: string | null };
type ChainScope = Database & { chain: ChainLink };

export class TypeRepository extends Repository {
  /** Serializes type writes of one kind in one organization (names and the parent chain stay consistent). */
  async lockKind(orgId: string, kind: EntityKind): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`entity_types:${orgId}:${kind}`}, 0))`.execute(
      this.db,
    );
  }

  private select(orgId: string) {
    return this.db.selectFrom('entity_types as t').select(COLUMNS).where('t.org_id', '=', orgId);
  }

  /** One page of a kind's types by name, with the search applied to name and description. */
  list(orgId: string, kind: EntityKind, filter: { pattern: string | null; limit: number; offset: number }) {
    let query = this.select(orgId).where('t.kind', '=', kind);
    const pattern = filter.pattern;
    if (pattern) {
      query = query.where((eb) =>
        eb.or([eb('t.name', 'ilike', pattern), eb('t.description', 'ilike', pattern)]),
      );
    }
    return query
      .orderBy(sql`lower(t.name collate "C")`)
      .orderBy(sql`t.name collate "C"`)
      .orderBy('t.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute() as Promise<TypeRow[]>;
  }

  /** How many types of the kind match the search. */
  async count(orgId: string, kind: EntityKind, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('entity_types as t')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('t.org_id', '=', orgId)
      .where('t.kind', '=', kind);
    if (pattern) {
      query = query.where((eb) =>
        eb.or([eb('t.name', 'ilike', pattern), eb('t.description', 'ilike', pattern)]),
      );
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** The type, if it is one of this kind in the organization. */
  findById(orgId: string, kind: EntityKind, id: string): Promise<TypeRow | undefined> {
    return this.select(orgId).where('t.kind', '=', kind).where('t.id', '=', id).executeTakeFirst() as Promise<
      TypeRow | undefined
    >;
  }

  /** Another type of the kind with this name, compared without case. */
  findByName(orgId: string, kind: EntityKind, name: string, exceptId?: string) {
    let query = this.db
      .selectFrom('entity_types')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  /** Every type of the organization (imports resolve type names against all of them). */
  all(orgId: string): Promise<TypeRow[]> {
    return this.select(orgId).orderBy('t.created_at').execute() as Promise<TypeRow[]>;
  }

  /** The given types and all their ancestors, by id: one recursive query up the parent links. */
  async withAncestors(orgId: string, ids: readonly string[]): Promise<Map<string, TypeRow>> {
    if (ids.length === 0) return new Map();
    return this.chainUp(orgId, (db) =>
      db
        .selectFrom('entity_types')
        .select(['id', 'parent_type_id'])
        .where('org_id', '=', orgId)
        .where('id', 'in', [...new Set(ids)]),
    );
  }

  /**
   * The types of the given entities and all their ancestors, by id, without first reading the
   * entities: callers that need both read them side by side.
   */
  async ofEntitiesWithAncestors(orgId: string, entityIds: readonly string[]): Promise<Map<string, TypeRow>> {
    if (entityIds.length === 0) return new Map();
    return this.chainUp(orgId, (db) =>
      db
        .selectFrom('entity_types as s')
        .innerJoin('entities as e', (join) =>
          join.onRef('e.type_id', '=', 's.id').onRef('e.org_id', '=', 's.org_id'),
        )
        .select(['s.id', 's.parent_type_id'])
        .where('e.org_id', '=', orgId)
        .where('e.id', 'in', [...new Set(entityIds)]),
    );
  }

  private async chainUp(
    orgId: string,
    seed: (db: QueryCreator<ChainScope>) => SelectQueryBuilder<ChainScope, never, ChainLink>,
  ): Promise<Map<string, TypeRow>> {
    const rows = (await this.db
      .withRecursive('chain(id, parent_type_id)', (db) =>
        seed(db).union(
          db
            .selectFrom('entity_types as p')
            .innerJoin('chain as c', 'c.parent_type_id', 'p.id')
            .select(['p.id', 'p.parent_type_id'])
            .where('p.org_id', '=', orgId),
        ),
      )
      .selectFrom('entity_types as t')
      .innerJoin('chain', 'chain.id', 't.id')
      .select(COLUMNS)
      .where('t.org_id', '=', orgId)
      .execute()) as TypeRow[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** How many entities use each type directly. */
  async usageCounts(orgId: string, ids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(ids.map((id) => [id, 0]));
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom('entities')
      .select(['type_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('org_id', '=', orgId)
      .where('type_id', 'in', ids)
      .groupBy('type_id')
      .execute();
    for (const row of rows) counts.set(row.type_id, Number(row.n));
    return counts;
  }

  /** The entities of a type: how many, and the first names in sibling order. */
  async users(orgId: string, typeId: string, limit: number): Promise<{ total: number; names: string[] }> {
    const rows = await this.db
      .selectFrom('entities')
      .select(['name', sql<string>`count(*) over ()`.as('total')])
      .where('org_id', '=', orgId)
      .where('type_id', '=', typeId)
      .orderBy(sql`lower(name collate "C")`)
      .orderBy(sql`name collate "C"`)
      .limit(limit)
      .execute();
    return { total: Number(rows[0]?.total ?? 0), names: rows.map((row) => row.name) };
  }

  /** The types that inherit directly from a type: how many, and the first names. */
  async children(orgId: string, typeId: string, limit: number): Promise<{ total: number; names: string[] }> {
    const rows = await this.db
      .selectFrom('entity_types')
      .select(['name', sql<string>`count(*) over ()`.as('total')])
      .where('org_id', '=', orgId)
      .where('parent_type_id', '=', typeId)
      .orderBy(sql`lower(name collate "C")`)
      .orderBy(sql`name collate "C"`)
      .limit(limit)
      .execute();
    return { total: Number(rows[0]?.total ?? 0), names: rows.map((row) => row.name) };
  }

  /** Creates a type and answers its id. */
  async insert(orgId: string, kind: EntityKind, values: TypeValues): Promise<string> {
    const row = await this.db
      .insertInto('entity_types')
      .values({ org_id: orgId, kind, ...serialize(values) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a type's fields. */
  async update(orgId: string, id: string, values: TypeValues): Promise<void> {
    await this.db
      .updateTable('entity_types')
      .set(serialize(values))
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a type. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('entity_types').where('org_id', '=', orgId).where('id', '=', id).execute();
  }
}

function serialize(values: TypeValues) {
  return {
    name: values.name,
    description: values.description,
    parent_type_id: values.parent_type_id,
    metadata_fields: JSON.stringify(values.metadata_fields),
    properties: JSON.stringify(values.properties),
    parameters: JSON.stringify(values.parameters),
  };
}
