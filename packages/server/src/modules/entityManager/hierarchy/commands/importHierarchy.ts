/**
 * Import: thousands of rows in one request, all or nothing. Every row is checked first; any bad row
 * answers a report and writes nothing; otherwise everything is inserted in one transaction with
 * multi-row INSERTs (paths computed in memory, parents first) and logged as one activity entry.
 */
import type { ImportReport } from '@ferrite/contracts';
import { hasSqlState, REFERENCED_ROW } from '../../../../platform/db/sqlState';
import { problems } from '../../../../platform/http/problem';
import { mustFindProject } from '../../entities/load';
import type { EntityRepository } from '../../entities/repository';
import { type Actor, activityBase, counted } from '../../shared';
import { effectiveOf } from '../../types/effective';
import { TypeRepository } from '../../types/repository';
import { CsvSyntaxError } from '../csv';
import { type ImportType, namedParentIds, parseRows, planImport, rowsFromCsv, typeKey } from '../importPlan';

export type ImportInput = { format: 'json'; rows: unknown[] } | { format: 'csv'; csv: string };

/** Imports rows into the project; answers the report (created 0 and the errors when any row is bad). */
export async function importHierarchy(
  repo: EntityRepository,
  actor: Actor,
  projectId: string,
  input: ImportInput,
): Promise<ImportReport> {
  const parsed = input.format === 'json' ? parseRows(input.rows) : parseCsvRows(input.csv);
  try {
    return await repo.transaction(async (trx) => {
      const project = await mustFindProject(trx, actor.orgId, projectId, true);
      const allTypes = await trx.sibling(TypeRepository).all(actor.orgId);
      const byId = new Map(allTypes.map((type) => [type.id, type]));
      const types = new Map<string, ImportType>(
        allTypes.map((type) => [
          typeKey(type.kind, type.name),
          {
            id: type.id,
            kind: type.kind === 'sensor' ? 'sensor' : 'asset',
            name: type.name,
            metadataFields: effectiveOf(type.id, byId).metadata_fields,
          },
        ]),
      );
      const existing = await trx.places(actor.orgId, projectId, namedParentIds(parsed));
      const plan = planImport(parsed, { projectId, types, existing });
      if (plan.errors.length > 0) return { created: 0, rows: parsed.length, errors: plan.errors };
      if (plan.entities.length === 0) return { created: 0, rows: 0, errors: [] };
      await trx.insertMany(actor.orgId, plan.entities);
      const assets = plan.entities.filter((entity) => entity.kind === 'asset').length;
      const sensors = plan.entities.length - assets;
      await trx.recordActivity({
        ...activityBase(actor, 'project', projectId),
        action: 'imported',
        summary: `Imported ${counted(plan.entities.length, { one: 'entity', many: 'entities' })} (${counted(assets, 'asset')}, ${counted(sensors, 'sensor')}) into project "${project.name}"`,
        after: { created: plan.entities.length, assets, sensors, format: input.format },
      });
      return { created: plan.entities.length, rows: parsed.length, errors: [] };
    });
  } catch (error) {
    // A type or parent deleted between the checks and the insert.
    if (hasSqlState(error, ...REFERENCED_ROW))
      throw problems.conflict('A type or parent changed during the import; try again');
    throw error;
  }
}

function parseCsvRows(csv: string) {
  try {
    const { raw, preErrors } = rowsFromCsv(csv);
    return parseRows(raw, preErrors);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw problems.badRequest(`The CSV cannot be read: ${error.message}`);
    throw error;
  }
}
