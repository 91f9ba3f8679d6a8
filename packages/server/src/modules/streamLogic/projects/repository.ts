/**
 * Chain counts per project for Stream Logic's project list. The projects themselves come from the
 * projects module; only reads, scoped to one organization.
 */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';

/** A project's chains at a glance. */
export interface ChainCounts {
  chains: number;
  enabled: number;
  /** The newest change of any of its chains. */
  updatedAt: Date | string;
}

/** Data access for the project list's counts. */
export class StreamProjectRepository extends Repository {
  /** Per project, how many chains it holds and how many are enabled (projects without chains are left out). */
  async chainCounts(orgId: string, projectIds: readonly string[]): Promise<Map<string, ChainCounts>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('pipelines')
      .select([
        'project_id',
        sql<string>`count(*)`.as('chain_count'),
        sql<string>`count(*) filter (where enabled)`.as('enabled_count'),
        sql<Date | string>`max(updated_at)`.as('updated_at'),
      ])
      .where('org_id', '=', orgId)
      .where('project_id', 'in', projectIds)
      .groupBy('project_id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.project_id,
        { chains: Number(row.chain_count), enabled: Number(row.enabled_count), updatedAt: row.updated_at },
      ]),
    );
  }
}
