/** Type row → contract DTO, with its parent and the fields its entities see. */
import type { EntityKind, EntityType } from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import { effectiveOf } from './effective';
import type { TypeRow } from './repository';

/** A type as the API answers it; `byId` holds the type's ancestors, `usage` how many entities use it. */
export function presentType(row: TypeRow, byId: ReadonlyMap<string, TypeRow>, usage: number): EntityType {
  const parent = row.parent_type_id ? byId.get(row.parent_type_id) : undefined;
  return {
    id: row.id,
    kind: row.kind as EntityKind,
    name: row.name,
    description: row.description,
    parent_type: parent ? { id: parent.id, name: parent.name } : null,
    metadata_fields: row.metadata_fields,
    properties: row.properties,
    parameters: row.parameters,
    effective: effectiveOf(row.id, byId),
    usage_count: usage,
    created_at: iso(row.created_at),
  };
}
