/**
 * Entity Manager's share of the demo: the asset and sensor types of the catalogue and each project's
 * hierarchy, every entity placed on the plant site: a hall's assets spread over 100–300 m and their
 * sensors a few metres around them, so the Entity Map's clusters at site zoom split into markers as one
 * zooms in (plant/layout.test.ts).
 * Written as rows in one transaction: a few hundred API calls would slow the first start down.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { EntitiesTable } from '../../platform/db/schema';
import type { DemoContext, DemoSeeder } from './context';
import { DEMO_ASSET_TYPES, DEMO_SENSOR_TYPES } from './plant/catalogue';
import { sensorsOf } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';
import type { EntitySpec, ProjectPlant } from './plant/types';

const METRES_PER_DEGREE = 111_320;

/** A point `east` and `north` metres from the building's corner (good to centimetres at this scale). */
export function siteLocation(origin: ProjectPlant['origin'], [east, north]: readonly [number, number]) {
  const latitude = origin.latitude + north / METRES_PER_DEGREE;
  const longitude =
    origin.longitude + east / (METRES_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(7)), longitude: Number(longitude.toFixed(7)) };
}

/** The ranges of a sensor type's parameters as type properties (`torque.min`, `torque.max`). */
function rangeProperties(type: (typeof DEMO_SENSOR_TYPES)[number]) {
  return type.parameters.flatMap((p) => [
    { key: `${p.key}.min`, value: String(p.min) },
    { key: `${p.key}.max`, value: String(p.max) },
  ]);
}

async function seedTypes(db: Db, orgId: string): Promise<Map<string, string>> {
  const rows = [
    ...DEMO_ASSET_TYPES.map((type) => ({
      org_id: orgId,
      kind: 'asset',
      name: type.name,
      description: type.description,
      parameters: '[]',
      properties: '[]',
    })),
    ...DEMO_SENSOR_TYPES.map((type) => ({
      org_id: orgId,
      kind: 'sensor',
      name: type.name,
      description: type.description,
      parameters: JSON.stringify(
        type.parameters.map((p) => ({ key: p.key, data_type: 'number', unit: p.unit })),
      ),
      properties: JSON.stringify(rangeProperties(type)),
    })),
  ];
  const created = await db.insertInto('entity_types').values(rows).returning(['id', 'name']).execute();
  return new Map(created.map((row) => [row.name, row.id]));
}

/** Flattens a project's tree parents-first, with materialized paths and depths. */
function entityRows(
  ctx: DemoContext,
  plant: ProjectPlant,
  projectId: string,
  typeIds: ReadonlyMap<string, string>,
): Insertable<EntitiesTable>[] {
  const rows: Insertable<EntitiesTable>[] = [];
  const walk = (specs: readonly EntitySpec[], parent: { id: string; path: string; depth: number } | null) => {
    for (const spec of specs) {
      const id = randomUUID();
      const path = `${parent?.path ?? '/'}${id}/`;
      const depth = parent ? parent.depth + 1 : 0;
      const typeId = typeIds.get(spec.type);
      if (!typeId) throw new Error(`Unknown demo ${spec.kind} type "${spec.type}"`);
      rows.push({
        id,
        org_id: ctx.orgId,
        project_id: projectId,
        kind: spec.kind,
        type_id: typeId,
        parent_id: parent?.id ?? null,
        path,
        depth,
        name: spec.name,
        description: spec.description ?? '',
        ...siteLocation(plant.origin, spec.at),
        position: spec.kind === 'sensor' ? (spec.position ?? 'indoor') : null,
      });
      if (spec.kind === 'sensor') ctx.sensors.set(spec.tag, { id, project: plant.project, type: spec.type });
      else walk(spec.children ?? [], { id, path, depth });
    }
  };
  walk(plant.tree, null);
  return rows;
}

export const entityManagerSeeder: DemoSeeder = {
  key: 'entityManager',
  async seed(ctx) {
    // One transaction: a start killed here leaves no types without their entities.
    await ctx.db.transaction().execute(async (trx) => {
      const typeIds = await seedTypes(trx, ctx.orgId);
      const rows = DEMO_PLANTS.flatMap((plant) => {
        const projectId = ctx.projects.get(plant.project);
        if (!projectId) throw new Error(`The demo has no project "${plant.project}"`);
        return entityRows(ctx, plant, projectId, typeIds);
      });
      await trx.insertInto('entities').values(rows).execute();
    });
  },
  async clear(ctx) {
    // The seed is one transaction, so this finds rows only if it committed and the record did not.
    ctx.sensors.clear();
    await ctx.db.deleteFrom('entities').where('org_id', '=', ctx.orgId).execute();
    await ctx.db.deleteFrom('entity_types').where('org_id', '=', ctx.orgId).execute();
  },
  async load(ctx) {
    const sensors = await ctx.db
      .selectFrom('entities')
      .select(['id', 'name', 'project_id'])
      .where('org_id', '=', ctx.orgId)
      .where('kind', '=', 'sensor')
      .execute();
    for (const plant of DEMO_PLANTS) {
      const projectId = ctx.projects.get(plant.project);
      for (const spec of sensorsOf(plant.tree)) {
        const row = sensors.find((s) => s.project_id === projectId && s.name === spec.name);
        if (row) ctx.sensors.set(spec.tag, { id: row.id, project: plant.project, type: spec.type });
      }
    }
  },
};
