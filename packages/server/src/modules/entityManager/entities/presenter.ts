/** Entity row → contract DTO: type, caretakers, ancestors, metadata, the type's parameters. */
import {
  DEFAULT_SENSOR_POSITION,
  type Entity,
  type EntityKind,
  type SENSOR_POSITIONS,
} from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import { effectiveOf } from '../types/effective';
import type { TypeRow } from '../types/repository';
import type { EntityRow } from './repository';

/** What presenting a batch of entities looks up once for all of them. */
export interface EntityContext {
  /** The entities' types and every ancestor type, by id. */
  types: ReadonlyMap<string, TypeRow>;
  /** Names of the entities' ancestors, by id. */
  names: ReadonlyMap<string, string>;
  childCounts: ReadonlyMap<string, number>;
  people: ReadonlyMap<string, { id: string; name: string; email: string }>;
}

/** The ids of an entity's ancestors, root first, from its path '/<root>/…/<parent>/<self>/'. */
export function ancestorIds(path: string): string[] {
  return path.split('/').filter(Boolean).slice(0, -1);
}

/** An entity as the API answers it. */
export function presentEntity(row: EntityRow, context: EntityContext): Entity {
  return {
    id: row.id,
    uuid: row.id,
    kind: row.kind as EntityKind,
    project_id: row.project_id,
    parent_id: row.parent_id,
    type: { id: row.type_id, name: row.type_name },
    name: row.name,
    description: row.description,
    caretakers: row.caretaker_ids.flatMap((id) => {
      const person = context.people.get(id);
      return person ? [person] : [];
    }),
    hierarchy: ancestorIds(row.path).map((id) => ({ id, name: context.names.get(id) ?? '' })),
    metadata: row.metadata,
    parameters: effectiveOf(row.type_id, context.types).parameters,
    location:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    position:
      row.kind === 'sensor'
        ? ((row.position ?? DEFAULT_SENSOR_POSITION) as (typeof SENSOR_POSITIONS)[number])
        : null,
    child_count: context.childCounts.get(row.id) ?? 0,
    created_at: iso(row.created_at),
  };
}
