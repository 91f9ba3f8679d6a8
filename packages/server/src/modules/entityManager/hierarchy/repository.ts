/** SQL for a project's whole tree: one lean query for the hierarchy, one wider for the export. */
import type { EntityKind } from '@ferrite/contracts';
import { Repository } from '../../../platform/db/repository';
import type { StoredMetadata } from '../metadata';

/** The entity fields the hierarchy and the export read. */
export interface TreeRow {
  id: string;
  kind: EntityKind;
  name: string;
  parent_id: string | null;
  depth: number;
  type_id: string;
  type_name: string;
  latitude: number | null;
  longitude: number | null;
}

/** A tree row with the fields an export file carries. */
export interface ExportRow extends TreeRow {
  description: string;
  metadata: StoredMetadata[];
  position: string | null;
}

/** Reads whole trees; every method is scoped to one organization and one project. */
export class HierarchyRepository extends Repository {
  /** Every entity of the project with its type's name, for the tree (no order: callers sort). */
  tree(orgId: string, projectId: string): Promise<TreeRow[]> {
    return this.select(orgId, projectId).execute() as Promise<TreeRow[]>;
  }

  /** The tree plus what an export file carries of each entity. */
  exportRows(orgId: string, projectId: string): Promise<ExportRow[]> {
    return this.select(orgId, projectId)
      .select(['e.description', 'e.metadata', 'e.position'])
      .execute() as Promise<ExportRow[]>;
  }

  private select(orgId: string, projectId: string) {
    return this.db
      .selectFrom('entities as e')
      .innerJoin('entity_types as t', (join) =>
        join.onRef('t.id', '=', 'e.type_id').onRef('t.org_id', '=', 'e.org_id'),
      )
      .select([
        'e.id',
        'e.kind',
        'e.name',
        'e.parent_id',
        'e.depth',
        'e.type_id',
        't.name as type_name',
        'e.latitude',
        'e.longitude',
      ])
      .where('e.org_id', '=', orgId)
      .where('e.project_id', '=', projectId);
  }
}
