/**
 * Entity Manager: asset and sensor types, and one table for both kinds of entity. The hierarchy is a
 * materialized path ('/<root id>/…/<own id>/'): a subtree is a prefix match on an index, a cycle is
 * a parent whose path starts with the moved entity's, and a move rewrites one prefix. Plain text
 * keeps the SQL the same on PGlite and PostgreSQL (no ltree).
 */
import { type Kysely, sql } from 'kysely';

/** Creates entity_types and entities. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const emptyArray = sql`'[]'::jsonb`;
  await db.schema
    .createTable('entity_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_type_id', 'uuid', (c) => c.references('entity_types.id').onDelete('restrict'))
    .addColumn('metadata_fields', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('parameters', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('entity_types_org_kind_name_idx')
    .on('entity_types')
    .columns(['org_id', 'kind', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type_id', 'uuid', (c) => c.notNull().references('entity_types.id').onDelete('restrict'))
    .addColumn('parent_id', 'uuid', (c) => c.references('entities.id').onDelete('restrict'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('caretaker_ids', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('position', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index entities_org_project_path_idx on entities (org_id, project_id, path text_pattern_ops)`.execute(
    db,
  );
  await db.schema
    .createIndex('entities_org_parent_idx')
    .on('entities')
    .columns(['org_id', 'project_id', 'parent_id', 'name'])
    .execute();
  await db.schema
    .createIndex('entities_org_type_idx')
    .on('entities')
    .columns(['org_id', 'type_id'])
    .execute();
}
