/** SQL for gateway commands; every method that reads tenant data is scoped to one organization. */
import { Repository } from '../../../platform/db/repository';

/** Data access for commands; bind it to a transaction with `transaction`. */
export class CommandRepository extends Repository {
  private select() {
    return this.db
      .selectFrom('gateway_commands as c')
      .leftJoin('users as u', 'u.id', 'c.created_by')
      .select([
        'c.id',
        'c.org_id',
        'c.gateway_id',
        'c.name',
        'c.value',
        'c.status',
        'c.result',
        'c.created_by',
        'u.name as creator_name',
        'c.created_at',
        'c.delivered_at',
        'c.completed_at',
        'c.expires_at',
      ]);
  }

  /** One command of the organization. */
  findById(orgId: string, id: string) {
    return this.select().where('c.org_id', '=', orgId).where('c.id', '=', id).executeTakeFirst();
  }

  /** These commands, whatever their organization (the expiry sweep spans all of them). */
  findMany(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.select().where('c.id', 'in', ids).orderBy('c.created_at').execute();
  }

  /** One page of a gateway's commands, newest first. */
  ofGateway(orgId: string, gatewayId: string, window: { limit: number; offset: number }) {
    return this.select()
      .where('c.org_id', '=', orgId)
      .where('c.gateway_id', '=', gatewayId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  /** How many commands a gateway has had. */
  async countOfGateway(orgId: string, gatewayId: string): Promise<number> {
    const row = await this.db
      .selectFrom('gateway_commands')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Creates a pending command. */
  async insert(values: {
    id: string;
    orgId: string;
    gatewayId: string;
    name: string;
    value: unknown;
    createdBy: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('gateway_commands')
      .values({
        id: values.id,
        org_id: values.orgId,
        gateway_id: values.gatewayId,
        name: values.name,
        value: JSON.stringify(values.value ?? null),
        created_by: values.createdBy,
        expires_at: values.expiresAt,
      })
      .execute();
  }

  /** Marks a still pending command delivered; false when it had moved on (acknowledged, expired). */
  async markDelivered(orgId: string, id: string, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('gateway_commands')
      .set({ status: 'delivered', delivered_at: at })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}

export type CommandRow = NonNullable<Awaited<ReturnType<CommandRepository['findById']>>>;
