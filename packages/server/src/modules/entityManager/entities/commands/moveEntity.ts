/** Move: an entity and its whole subtree go under another asset of the project, or to its top level. */
import type { Entity, EntityKind, FieldError } from '@ferrite/contracts';
import { type Actor, activityBase, assertNoFieldErrors, KIND_WORDS } from '../../shared';
import { mustFindEntity, mustFindProject, presentOne, presentRows } from '../load';
import type { EntityRepository } from '../repository';
import { relocate, resolveParent } from '../tree';

/**
 * Moves the entity under `parentId` (null: top level). The children come along: one UPDATE rewrites
 * the path prefix and depth of the subtree. A parent inside the subtree is refused with 409.
 */
export async function moveEntity(
  repo: EntityRepository,
  actor: Actor,
  projectId: string,
  kind: EntityKind,
  id: string,
  parentId: string | null,
): Promise<Entity> {
  await mustFindProject(repo, actor.orgId, projectId, true);
  const entity = await mustFindEntity(repo, actor.orgId, projectId, kind, id);
  const errors: FieldError[] = [];
  const parent = await resolveParent(repo, actor.orgId, projectId, parentId, 'body.parent_id', errors);
  assertNoFieldErrors(errors);
  if (entity.parent_id === parentId) return presentOne(repo, actor.orgId, projectId, kind, id);
  const [before] = await presentRows(repo, actor.orgId, [entity]);
  await relocate(repo, actor.orgId, projectId, { ...entity, kind }, parent);
  const after = await presentOne(repo, actor.orgId, projectId, kind, id);
  await repo.recordActivity({
    ...activityBase(actor, kind, id),
    action: 'moved',
    summary: `Moved ${KIND_WORDS[kind].one} "${entity.name}" ${parent ? `under "${parent.name}"` : 'to the top level'}`,
    before,
    after,
  });
  return after;
}
