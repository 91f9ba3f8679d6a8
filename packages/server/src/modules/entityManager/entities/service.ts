/** Asset and sensor use cases: list, read, create, edit; moves and deletes live in commands/. */
import { randomUUID } from 'node:crypto';
import type { Entity, EntityBody, EntityKind, FieldError } from '@ferrite/contracts';
import { hasSqlState, REFERENCED_ROW } from '../../../platform/db/sqlState';
import { problems } from '../../../platform/http/problem';
import { metadataByKey, resolveMetadata } from '../metadata';
import {
  type Actor,
  activityBase,
  assertNoFieldErrors,
  KIND_WORDS,
  pageWindow,
  searchPattern,
} from '../shared';
import { effectiveOf } from '../types/effective';
import { TypeRepository } from '../types/repository';
import { deleteEntity } from './commands/deleteEntity';
import { moveEntity } from './commands/moveEntity';
import { mustFindEntity, mustFindProject, presentOne, presentRows } from './load';
import type { EntityRepository, EntityRow, EntityValues } from './repository';
import { type Place, placeUnder, relocate, resolveParent } from './tree';

export interface EntityListQuery {
  parent_id?: string | undefined;
  type_id?: string | undefined;
  search?: string | undefined;
  page_number: number;
  page_size: number;
}

/** The Entity Manager's assets or sensors of a project (one service per kind). */
export class EntityService {
  private readonly words;

  constructor(
    private readonly repo: EntityRepository,
    private readonly kind: EntityKind,
  ) {
    this.words = KIND_WORDS[kind];
  }

  /** One page of the project's entities of this kind in name order, and how many match. */
  async list(
    orgId: string,
    projectId: string,
    query: EntityListQuery,
  ): Promise<{ entities: Entity[]; total_entries: number }> {
    await mustFindProject(this.repo, orgId, projectId);
    const filter = { parentId: query.parent_id, typeId: query.type_id, pattern: searchPattern(query.search) };
    const [rows, total] = await Promise.all([
      this.repo.list(orgId, projectId, this.kind, { ...filter, ...pageWindow(query) }),
      this.repo.count(orgId, projectId, this.kind, filter),
    ]);
    return { entities: await presentRows(this.repo, orgId, rows), total_entries: total };
  }

  /** One entity. */
  async get(orgId: string, projectId: string, id: string): Promise<Entity> {
    await mustFindProject(this.repo, orgId, projectId);
    return presentOne(this.repo, orgId, projectId, this.kind, id);
  }

  /** Creates an entity under an asset of the project, or at its top level. */
  create(actor: Actor, projectId: string, body: EntityBody): Promise<Entity> {
    return this.write(async (repo) => {
      await mustFindProject(repo, actor.orgId, projectId, true);
      const { values, parent } = await this.checkBody(repo, actor.orgId, projectId, body, null);
      const id = randomUUID();
      await repo.insertMany(actor.orgId, [
        {
          id,
          project_id: projectId,
          kind: this.kind,
          parent_id: parent?.id ?? null,
          ...placeUnder(parent, id),
          ...values,
        },
      ]);
      const after = await presentOne(repo, actor.orgId, projectId, this.kind, id);
      await repo.recordActivity({
        ...activityBase(actor, this.kind, id),
        action: 'created',
        summary: `Created ${this.words.one} "${after.name}"${parent ? ` under "${parent.name}"` : ''}`,
        after,
      });
      return after;
    });
  }

  /** Replaces an entity's fields; a new parent_id moves it with its subtree, as POST …/move does. */
  update(actor: Actor, projectId: string, id: string, body: EntityBody): Promise<Entity> {
    return this.write(async (repo) => {
      await mustFindProject(repo, actor.orgId, projectId, true);
      const current = await mustFindEntity(repo, actor.orgId, projectId, this.kind, id);
      const [before] = await presentRows(repo, actor.orgId, [current]);
      const { values, parent } = await this.checkBody(repo, actor.orgId, projectId, body, current);
      if (body.parent_id !== current.parent_id) {
        await relocate(repo, actor.orgId, projectId, { ...current, kind: this.kind }, parent);
      }
      await repo.update(actor.orgId, projectId, id, values);
      const after = await presentOne(repo, actor.orgId, projectId, this.kind, id);
      await repo.recordActivity({
        ...activityBase(actor, this.kind, id),
        action: 'updated',
        summary: `Updated ${this.words.one} "${after.name}"`,
        before,
        after,
      });
      return after;
    });
  }

  /** Moves an entity, and everything beneath it, under another asset or to the top level. */
  move(actor: Actor, projectId: string, id: string, parentId: string | null): Promise<Entity> {
    return this.write((repo) => moveEntity(repo, actor, projectId, this.kind, id, parentId));
  }

  /** Deletes an entity; an asset that holds entities only with `cascade` (the whole subtree). */
  delete(actor: Actor, projectId: string, id: string, cascade: boolean): Promise<void> {
    return this.write((repo) => deleteEntity(repo, actor, projectId, this.kind, id, cascade));
  }

  /** A type deleted or an entity removed by a concurrent request answers 409, not 500. */
  private async write<T>(work: (repo: EntityRepository) => Promise<T>): Promise<T> {
    try {
      return await this.repo.transaction(work);
    } catch (error) {
      if (hasSqlState(error, ...REFERENCED_ROW)) {
        throw problems.conflict('The type or parent changed while saving; reload and try again');
      }
      throw error;
    }
  }

  /** Checks a body against the organization and project; answers what to store, or throws a 400. */
  private async checkBody(
    repo: EntityRepository,
    orgId: string,
    projectId: string,
    body: EntityBody,
    current: EntityRow | null,
  ): Promise<{ values: EntityValues; parent: Place | null }> {
    const errors: FieldError[] = [];
    const type = await repo.sibling(TypeRepository).findById(orgId, this.kind, body.type_id);
    if (!type)
      errors.push({
        path: 'body.type_id',
        message: `No ${this.words.one} type with this id in this organization`,
      });
    const parent = await resolveParent(repo, orgId, projectId, body.parent_id, 'body.parent_id', errors);
    const caretakerIds = [...new Set(body.caretaker_ids)];
    const active = await repo.activeMemberIds(orgId, caretakerIds);
    const kept = new Set(current?.caretaker_ids ?? []);
    body.caretaker_ids.forEach((userId, index) => {
      if (!active.has(userId) && !kept.has(userId)) {
        errors.push({
          path: `body.caretaker_ids.${index}`,
          message: 'Not an active member of this organization',
        });
      }
    });
    let metadata: EntityValues['metadata'] = [];
    if (type) {
      const fields = effectiveOf(
        type.id,
        await repo.sibling(TypeRepository).withAncestors(orgId, [type.id]),
      ).metadata_fields;
      const resolved = resolveMetadata(
        fields,
        body.metadata,
        'body.metadata',
        type.name,
        metadataByKey(current?.metadata ?? []),
      );
      errors.push(...resolved.errors);
      metadata = resolved.values;
    }
    assertNoFieldErrors(errors);
    return {
      parent,
      values: {
        type_id: body.type_id,
        name: body.name,
        description: body.description,
        metadata,
        caretaker_ids: caretakerIds,
        latitude: body.location?.latitude ?? null,
        longitude: body.location?.longitude ?? null,
        position: this.kind === 'sensor' ? body.position : null,
      },
    };
  }
}
