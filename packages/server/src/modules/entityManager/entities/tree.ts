/** Places in a project's tree: who may be a parent, where a child's path goes, and moving subtrees. */
import type { EntityKind, FieldError } from '@ferrite/contracts';
import { problems } from '../../../platform/http/problem';
import { KIND_WORDS } from '../shared';
import type { EntityRepository } from './repository';

/** Where an entity sits: what a parent contributes to its children's paths. */
export interface Place {
  id: string;
  name: string;
  path: string;
  depth: number;
}

/** The path and depth of an entity placed under a parent (or at the project's top level). */
export function placeUnder(
  parent: Pick<Place, 'path' | 'depth'> | null,
  id: string,
): { path: string; depth: number } {
  return parent ? { path: `${parent.path}${id}/`, depth: parent.depth + 1 } : { path: `/${id}/`, depth: 0 };
}

/** Why a would-be parent is refused, or null: it must be an asset of the same project. */
export function parentError(found: { kind: string } | undefined): string | null {
  if (!found) return 'No asset with this id in this project';
  if (found.kind !== 'asset') return 'A sensor cannot hold other entities; choose an asset';
  return null;
}

/**
 * Resolves a parent id to its place; a missing or non-asset parent is a field error at `path`.
 * Answers null for the top level (no parent id) and when the parent was refused.
 */
export async function resolveParent(
  repo: EntityRepository,
  orgId: string,
  projectId: string,
  parentId: string | null,
  path: string,
  errors: FieldError[],
): Promise<Place | null> {
  if (!parentId) return null;
  const found = (await repo.places(orgId, projectId, [parentId])).get(parentId);
  const message = parentError(found);
  if (message || !found) {
    errors.push({ path, message: message ?? 'No asset with this id in this project' });
    return null;
  }
  return found;
}

/**
 * Moves an entity (with everything beneath it) under a new parent in one UPDATE of the subtree's
 * paths and depths. Refuses a parent inside the entity's own subtree (409: it would create a cycle).
 */
export async function relocate(
  repo: EntityRepository,
  orgId: string,
  projectId: string,
  entity: Place & { kind: EntityKind },
  parent: Place | null,
): Promise<void> {
  if (parent?.path.startsWith(entity.path)) {
    const words = KIND_WORDS[entity.kind];
    throw problems.conflict(
      parent.id === entity.id
        ? `${words.title} "${entity.name}" cannot be moved under itself: that would create a cycle`
        : `Moving ${words.one} "${entity.name}" under "${parent.name}" would create a cycle: "${parent.name}" is inside "${entity.name}"`,
    );
  }
  const target = placeUnder(parent, entity.id);
  await repo.moveSubtree(orgId, projectId, {
    id: entity.id,
    parentId: parent?.id ?? null,
    from: entity.path,
    to: target.path,
    depthDelta: target.depth - entity.depth,
  });
}
