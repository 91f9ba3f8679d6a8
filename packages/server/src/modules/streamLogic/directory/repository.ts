/**
 * What a chain's pickers list of a project: its gateways (not archived) and its assets. Read here
 * because the IoT Manager and Entity Manager front doors export no such listing; only reads, scoped
 * to one organization and project.
 */
import { Repository } from '../../../platform/db/repository';

/** Data access for the Stream Logic pickers. */
export class DirectoryRepository extends Repository {
  /** One page of the project's active gateways by name, with how many there are. */
  async gateways(orgId: string, projectId: string, window: { limit: number; offset: number }) {
    const scope = this.db
      .selectFrom('gateways')
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .where('archived_at', 'is', null);
    const [rows, count] = await Promise.all([
      scope
        .select(['id', 'name', 'type', 'last_seen_at', 'heartbeat_timeout_s'])
        .orderBy('name')
        .orderBy('id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      scope.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** The project's assets in hierarchy order, each with its type's name. */
  assets(orgId: string, projectId: string) {
    return this.db
      .selectFrom('entities as e')
      .leftJoin('entity_types as t', (join) =>
        join.onRef('t.id', '=', 'e.type_id').on('t.org_id', '=', orgId),
      )
      .select(['e.id', 'e.name', 't.name as type_name'])
      .where('e.org_id', '=', orgId)
      .where('e.project_id', '=', projectId)
      .where('e.kind', '=', 'asset')
      .orderBy('e.path')
      .execute();
  }
}
