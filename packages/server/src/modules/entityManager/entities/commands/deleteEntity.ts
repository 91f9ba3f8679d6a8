/** Delete: one entity, or with `cascade` an asset and everything beneath it, in one transaction. */
import type { EntityKind } from '@ferrite/contracts';
import { problems } from '../../../../platform/http/problem';
import { type Actor, activityBase, counted, KIND_WORDS } from '../../shared';
import { mustFindEntity, mustFindProject, presentRows } from '../load';
import type { EntityRepository } from '../repository';

/**
 * Deletes the entity. An asset that holds entities is refused (409, saying how many) unless `cascade`
 * is set, which deletes the whole subtree with one statement.
 */
export async function deleteEntity(
  repo: EntityRepository,
  actor: Actor,
  projectId: string,
  kind: EntityKind,
  id: string,
  cascade: boolean,
): Promise<void> {
  await mustFindProject(repo, actor.orgId, projectId, true);
  const entity = await mustFindEntity(repo, actor.orgId, projectId, kind, id);
  const words = KIND_WORDS[kind];
  const held = await repo.descendantCounts(actor.orgId, projectId, entity.path);
  const heldTotal = held.asset + held.sensor;
  if (heldTotal > 0 && !cascade) {
    throw problems.conflict(
      `${words.title} "${entity.name}" holds ${counted(heldTotal, { one: 'entity', many: 'entities' })} ` +
        `(${counted(held.asset, 'asset')}, ${counted(held.sensor, 'sensor')}). Move or delete them first, ` +
        'or delete it together with everything it holds.',
    );
  }
  const [before] = await presentRows(repo, actor.orgId, [entity]);
  const deleted = await repo.deleteSubtree(actor.orgId, projectId, entity.path);
  await repo.recordActivity({
    ...activityBase(actor, kind, id),
    action: 'deleted',
    summary:
      deleted > 1
        ? `Deleted ${words.one} "${entity.name}" and the ${counted(deleted - 1, { one: 'entity', many: 'entities' })} beneath it`
        : `Deleted ${words.one} "${entity.name}"`,
    before,
    after: deleted > 1 ? { deleted, assets: held.asset, sensors: held.sensor } : undefined,
  });
}
