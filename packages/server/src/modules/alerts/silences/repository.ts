/** SQL of silences (maintenance windows); every method is scoped to one organization. */
import { Repository } from '../../../platform/db/repository';
import type { SilenceRow } from './match';

/** A silence with its creator's name and the name of what it matches. */
export type ListedSilence = SilenceRow & { created_by_name: string | null; matcher_name: string | null };

/** Data access for silences. */
export class SilenceRepository extends Repository {
  private listed(orgId: string) {
    return this.db
      .selectFrom('alert_silences as s')
      .leftJoin('users as u', 'u.id', 's.created_by')
      .leftJoin('alert_rules as r', (join) =>
        join.onRef('r.id', '=', 's.matcher_id').on('s.matcher_kind', '=', 'rule'),
      )
      .leftJoin('entities as e', (join) =>
        join.onRef('e.id', '=', 's.matcher_id').on('s.matcher_kind', '!=', 'rule'),
      )
      .selectAll('s')
      .select((eb) => [
        'u.name as created_by_name',
        eb.fn.coalesce('r.rule_name', 'e.name').as('matcher_name'),
      ])
      .where('s.org_id', '=', orgId);
  }

  /** One page, the latest ending first, and how many there are. */
  async page(orgId: string, window: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      this.listed(orgId)
        .orderBy('s.ends_at', 'desc')
        .orderBy('s.id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('alert_silences')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ListedSilence[], total: Number(total.n) };
  }

  /** One silence with its names. */
  async find(orgId: string, id: string): Promise<ListedSilence | undefined> {
    return (await this.listed(orgId).where('s.id', '=', id).executeTakeFirst()) as ListedSilence | undefined;
  }

  /** Creates a silence; answers its id. */
  async insert(
    orgId: string,
    createdBy: string,
    values: { matcher_kind: string; matcher_id: string; starts_at: Date; ends_at: Date; comment: string },
  ): Promise<string> {
    const row = await this.db
      .insertInto('alert_silences')
      .values({ ...values, org_id: orgId, created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes a silence; answers whether it was the organization's. */
  async delete(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('alert_silences')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The name of the rule, asset or sensor a matcher names, if it is the organization's (else null). */
  async matcherName(orgId: string, kind: 'rule' | 'asset' | 'sensor', id: string): Promise<string | null> {
    const row =
      kind === 'rule'
        ? await this.db
            .selectFrom('alert_rules')
            .select('rule_name as name')
            .where('org_id', '=', orgId)
            .where('id', '=', id)
            .executeTakeFirst()
        : await this.db
            .selectFrom('entities')
            .select('name')
            .where('org_id', '=', orgId)
            .where('id', '=', id)
            .where('kind', '=', kind)
            .executeTakeFirst();
    return row?.name ?? null;
  }
}
