/** Loading entities for an answer: the project check, one entity, and a batch presented together. */
import type { Entity, EntityKind } from '@ferrite/contracts';
import { problems } from '../../../platform/http/problem';
import { ProjectRepository, mustFindProject as projectOr404 } from '../../projects';
import { KIND_WORDS } from '../shared';
import { TypeRepository } from '../types/repository';
import { ancestorIds, presentEntity } from './presenter';
import type { EntityRepository, EntityRow } from './repository';

/**
 * The project, or 404 when it is not an active project of the organization. `lock` holds its row
 * until the transaction ends: writes to one project's tree run one at a time (two crossing moves
 * cannot both pass the cycle check), and the project cannot be archived under them.
 */
export function mustFindProject(repo: EntityRepository, orgId: string, projectId: string, lock = false) {
  return projectOr404(repo.sibling(ProjectRepository), orgId, projectId, { active: true, lock });
}

/** The entity of the kind in the project, or 404. */
export async function mustFindEntity(
  repo: EntityRepository,
  orgId: string,
  projectId: string,
  kind: EntityKind,
  id: string,
): Promise<EntityRow> {
  const row = await repo.findById(orgId, projectId, id, kind);
  if (!row) throw problems.notFound(KIND_WORDS[kind].title);
  return row;
}

/** Presents a batch with one query each for types, ancestor names, child counts and caretakers. */
export async function presentRows(
  repo: EntityRepository,
  orgId: string,
  rows: EntityRow[],
): Promise<Entity[]> {
  if (rows.length === 0) return [];
  const types = await repo.sibling(TypeRepository).withAncestors(
    orgId,
    rows.map((row) => row.type_id),
  );
  const names = await repo.namesByIds(
    orgId,
    rows.flatMap((row) => ancestorIds(row.path)),
  );
  const childCounts = await repo.childCounts(
    orgId,
    rows.filter((row) => row.kind === 'asset').map((row) => row.id),
  );
  const people = await repo.people(
    orgId,
    rows.flatMap((row) => row.caretaker_ids),
  );
  const context = { types, names, childCounts, people: new Map(people.map((person) => [person.id, person])) };
  return rows.map((row) => presentEntity(row, context));
}

/** Loads and presents one entity. */
export async function presentOne(
  repo: EntityRepository,
  orgId: string,
  projectId: string,
  kind: EntityKind,
  id: string,
): Promise<Entity> {
  const [entity] = await presentRows(repo, orgId, [await mustFindEntity(repo, orgId, projectId, kind, id)]);
  return entity as Entity;
}
