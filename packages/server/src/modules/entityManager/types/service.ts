/** Asset and sensor type use cases: list, read, create, edit, delete; every write is logged. */
import type { EntityKind, EntityType, EntityTypeBody, FieldError } from '@ferrite/contracts';
import { dataTypeError } from '@ferrite/contracts';
import { hasSqlState, REFERENCED_ROW, UNIQUE_VIOLATION } from '../../../platform/db/sqlState';
import { problems } from '../../../platform/http/problem';
import {
  type Actor,
  activityBase,
  assertNoFieldErrors,
  counted,
  nameSome,
  pageWindow,
  searchPattern,
} from '../shared';
import { wouldCycle } from './effective';
import { presentType } from './presenter';
import type { TypeRepository, TypeRow, TypeValues } from './repository';

/** 'asset type' / 'sensor type' and friends for messages. */
const TYPE_WORDS: Record<
  EntityKind,
  { one: string; article: string; many: string; entity: 'asset_type' | 'sensor_type' }
> = {
  asset: { one: 'asset type', article: 'an asset type', many: 'asset types', entity: 'asset_type' },
  sensor: { one: 'sensor type', article: 'a sensor type', many: 'sensor types', entity: 'sensor_type' },
};

/** Field errors the schema cannot see: each default value must fit its field's data type. */
export function typeBodyErrors(body: EntityTypeBody): FieldError[] {
  const errors: FieldError[] = [];
  body.metadata_fields.forEach((field, index) => {
    const message = dataTypeError(field.data_type, field.default_value);
    if (message) errors.push({ path: `body.metadata_fields.${index}.default_value`, message });
  });
  return errors;
}

function valuesOf(body: EntityTypeBody): TypeValues {
  return {
    name: body.name,
    description: body.description,
    parent_type_id: body.parent_type_id,
    metadata_fields: body.metadata_fields,
    properties: body.properties,
    parameters: body.parameters,
  };
}

/** The Entity Manager's asset types or sensor types (one service per kind). */
export class TypeService {
  private readonly words;

  constructor(
    private readonly repo: TypeRepository,
    private readonly kind: EntityKind,
  ) {
    this.words = TYPE_WORDS[kind];
  }

  /** One page of the kind's types by name, and how many match. */
  async list(
    orgId: string,
    query: { search?: string | undefined; page_number: number; page_size: number },
  ): Promise<{ types: EntityType[]; total_entries: number }> {
    const pattern = searchPattern(query.search);
    const { limit, offset } = pageWindow(query);
    const [rows, total] = await Promise.all([
      this.repo.list(orgId, this.kind, { pattern, limit, offset }),
      this.repo.count(orgId, this.kind, pattern),
    ]);
    return { types: await this.presentAll(this.repo, orgId, rows), total_entries: total };
  }

  /** One type. */
  async get(orgId: string, id: string): Promise<EntityType> {
    return this.present(this.repo, orgId, await this.mustFind(this.repo, orgId, id));
  }

  /** Creates a type; its name must be free among the kind's types. */
  create(actor: Actor, body: EntityTypeBody): Promise<EntityType> {
    return this.write(actor.orgId, async (repo) => {
      await this.validate(repo, actor.orgId, body, null);
      const id = await repo.insert(actor.orgId, this.kind, valuesOf(body));
      const after = await this.present(repo, actor.orgId, await this.mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, this.words.entity, id),
        action: 'created',
        summary: `Created ${this.words.one} "${after.name}"`,
        after,
      });
      return after;
    });
  }

  /** Replaces a type's fields; a new parent must not close a loop in the type chain. */
  update(actor: Actor, id: string, body: EntityTypeBody): Promise<EntityType> {
    return this.write(actor.orgId, async (repo) => {
      const before = await this.present(repo, actor.orgId, await this.mustFind(repo, actor.orgId, id));
      await this.validate(repo, actor.orgId, body, id);
      await repo.update(actor.orgId, id, valuesOf(body));
      const after = await this.present(repo, actor.orgId, await this.mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, this.words.entity, id),
        action: 'updated',
        summary: `Updated ${this.words.one} "${after.name}"`,
        before,
        after,
      });
      return after;
    });
  }

  /** Deletes a type that no entity uses and no type inherits from. */
  delete(actor: Actor, id: string): Promise<void> {
    return this.write(actor.orgId, async (repo) => {
      const row = await this.mustFind(repo, actor.orgId, id);
      const users = await repo.users(actor.orgId, id, 5);
      const children = await repo.children(actor.orgId, id, 5);
      const reasons: string[] = [];
      if (users.total > 0)
        reasons.push(`Used by ${counted(users.total, this.kind)}: ${nameSome(users.total, users.names)}`);
      if (children.total > 0) {
        reasons.push(
          `Parent of ${counted(children.total, this.words)}: ${nameSome(children.total, children.names)}`,
        );
      }
      if (reasons.length > 0) {
        throw problems.conflict(
          `${this.capitalized()} "${row.name}" cannot be deleted. ${reasons.join('. ')}.`,
        );
      }
      const before = await this.present(repo, actor.orgId, row);
      await repo.delete(actor.orgId, id);
      await repo.recordActivity({
        ...activityBase(actor, this.words.entity, id),
        action: 'deleted',
        summary: `Deleted ${this.words.one} "${row.name}"`,
        before,
      });
    });
  }

  /** Runs a write under the kind's lock; a unique or foreign-key race answers 409, not 500. */
  private async write<T>(orgId: string, work: (repo: TypeRepository) => Promise<T>): Promise<T> {
    try {
      return await this.repo.transaction(async (repo) => {
        await repo.lockKind(orgId, this.kind);
        return work(repo);
      });
    } catch (error) {
      if (hasSqlState(error, UNIQUE_VIOLATION))
        throw problems.conflict(`Another ${this.words.one} already has this name`);
      if (hasSqlState(error, ...REFERENCED_ROW)) {
        throw problems.conflict(`This ${this.words.one} is in use by entities or other types`);
      }
      throw error;
    }
  }

  private async validate(repo: TypeRepository, orgId: string, body: EntityTypeBody, selfId: string | null) {
    const errors = typeBodyErrors(body);
    if (body.parent_type_id) {
      const parent = await repo.findById(orgId, this.kind, body.parent_type_id);
      if (!parent) {
        errors.push({
          path: 'body.parent_type_id',
          message: `No ${this.words.one} with this id in this organization`,
        });
      } else if (selfId) {
        if (parent.id === selfId) {
          throw problems.conflict(
            `${this.capitalized()} "${parent.name}" cannot be its own parent: that would create a cycle`,
          );
        }
        if (wouldCycle(selfId, parent.id, await repo.withAncestors(orgId, [parent.id]))) {
          throw problems.conflict(
            `"${parent.name}" inherits from this ${this.words.one}, so it cannot be its parent: that would create a cycle`,
          );
        }
      }
    }
    assertNoFieldErrors(errors);
    const clash = await repo.findByName(orgId, this.kind, body.name, selfId ?? undefined);
    if (clash) throw problems.conflict(`There is already ${this.words.article} named "${clash.name}"`);
  }

  private async mustFind(repo: TypeRepository, orgId: string, id: string): Promise<TypeRow> {
    const row = await repo.findById(orgId, this.kind, id);
    if (!row) throw problems.notFound(this.capitalized());
    return row;
  }

  private async present(repo: TypeRepository, orgId: string, row: TypeRow): Promise<EntityType> {
    const [type] = await this.presentAll(repo, orgId, [row]);
    return type as EntityType;
  }

  private async presentAll(repo: TypeRepository, orgId: string, rows: TypeRow[]): Promise<EntityType[]> {
    const ids = rows.map((row) => row.id);
    const [chains, usage] = await Promise.all([repo.withAncestors(orgId, ids), repo.usageCounts(orgId, ids)]);
    return rows.map((row) => presentType(row, chains, usage.get(row.id) ?? 0));
  }

  private capitalized(): string {
    return this.words.one.charAt(0).toUpperCase() + this.words.one.slice(1);
  }
}
