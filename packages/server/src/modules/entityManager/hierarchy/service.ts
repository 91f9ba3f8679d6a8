/** A project's whole tree in one answer, and its export as an import file. */
import type { HierarchyNode } from '@ferrite/contracts';
import { mustFindProject } from '../entities/load';
import type { EntityRepository } from '../entities/repository';
import { effectiveOf } from '../types/effective';
import { TypeRepository } from '../types/repository';
import { exportFileName, exportRows, rowsToCsv } from './exportFile';
import { depthFirst } from './order';
import type { HierarchyRepository } from './repository';

/** Reads a project's hierarchy: one query for the rows, ordered and counted in memory. */
export class HierarchyService {
  constructor(
    private readonly entities: EntityRepository,
    private readonly trees: HierarchyRepository,
  ) {}

  /** Every node of the project depth-first (parents before children, siblings by name). */
  async tree(orgId: string, projectId: string) {
    const project = await mustFindProject(this.entities, orgId, projectId);
    const { ordered, childCounts } = depthFirst(await this.trees.tree(orgId, projectId));
    const nodes: HierarchyNode[] = ordered.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      parent_id: row.parent_id,
      type_name: row.type_name,
      depth: row.depth,
      child_count: childCounts.get(row.id) ?? 0,
      latitude: row.latitude,
      longitude: row.longitude,
    }));
    return { project: { id: project.id, name: project.name }, nodes, total_entries: nodes.length };
  }

  /** The project's tree as a file the import accepts back. */
  async export(orgId: string, projectId: string, format: 'csv' | 'json') {
    const project = await mustFindProject(this.entities, orgId, projectId);
    const { ordered } = depthFirst(await this.trees.exportRows(orgId, projectId));
    const types = await this.entities
      .sibling(TypeRepository)
      .withAncestors(orgId, [...new Set(ordered.map((row) => row.type_id))]);
    const keysByType = new Map<string, Set<string>>();
    const fieldKeys = (typeId: string) => {
      let keys = keysByType.get(typeId);
      if (!keys) {
        keys = new Set(effectiveOf(typeId, types).metadata_fields.map((field) => field.key));
        keysByType.set(typeId, keys);
      }
      return keys;
    };
    const rows = exportRows(ordered, fieldKeys);
    return {
      fileName: exportFileName(project.name, format),
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      body: format === 'csv' ? rowsToCsv(rows) : JSON.stringify({ format: 'json', rows }, null, 2),
    };
  }
}
