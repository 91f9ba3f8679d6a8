/** SQL for gateway commands; every method that reads tenant data is scoped to one organization. */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';

/** A command the device side changed, as it reads it back. */
export type ChangedCommand = { id: string; name: string; value: unknown; created_at: Date; expires_at: Date };

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

  /** A gateway's command with every column (the device answering it), if it is that gateway's. */
  findOfGateway(orgId: string, gatewayId: string, id: string) {
    return this.db
      .selectFrom('gateway_commands')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('gateway_id', '=', gatewayId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Marks the gateway's pending, unexpired commands delivered now; answers them (any order). */
  async takePending(orgId: string, gatewayId: string): Promise<ChangedCommand[]> {
    const changed = await sql<ChangedCommand>`
      update gateway_commands set status = 'delivered', delivered_at = now()
      where org_id = ${orgId} and gateway_id = ${gatewayId}
        and status = 'pending' and expires_at > now()
      returning id, name, value, created_at, expires_at`.execute(this.db);
    return changed.rows;
  }

  /**
   * Moves a still open (pending or delivered) command to `status`; `completes` also stores the result
   * and the completion time. Answers the ids it changed (none when the command had moved on).
   */
  async advance(id: string, status: string, result: unknown, completes: boolean): Promise<string[]> {
    const changed = await sql<{ id: string }>`
      update gateway_commands set
        status = ${status},
        delivered_at = coalesce(delivered_at, now()),
        result = case when ${completes} then ${result === null || result === undefined ? null : JSON.stringify(result)}::jsonb else result end,
        completed_at = case when ${completes} then now() else completed_at end
      where id = ${id} and status in ('pending', 'delivered')
      returning id`.execute(this.db);
    return changed.rows.map((row) => row.id);
  }

  /** Marks every open command past its expiry timed_out, in every organization; answers their ids. */
  async expireDue(now: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable('gateway_commands')
      .set({ status: 'timed_out', completed_at: now })
      .where('status', 'in', ['pending', 'delivered'])
      .where('expires_at', '<=', now)
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}

export type CommandRow = NonNullable<Awaited<ReturnType<CommandRepository['findById']>>>;
