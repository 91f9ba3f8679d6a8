/** SQL for a gateway's log; every method is scoped to one organization and one gateway. */
import type { GatewayLogKind } from '@ferrite/contracts';
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';

/** A log line to write (the ingest side queues them in its log sink and writes them in batches). */
export interface GatewayLogLine {
  orgId: string;
  gatewayId: string;
  kind: GatewayLogKind;
  level: 'info' | 'warn' | 'error';
  transport: string;
  message: string;
  payload?: string | null;
  points?: number;
  ts?: Date;
}

/** Longest message a line keeps. */
const MESSAGE_MAX_CHARS = 2_000;

/** Writes, reads and clears gateway log lines. */
export class GatewayLogRepository extends Repository {
  /** Writes the lines in one statement; answers them as stored. */
  append(lines: readonly GatewayLogLine[]) {
    return this.db
      .insertInto('gateway_logs')
      .values(
        lines.map((line) => ({
          org_id: line.orgId,
          gateway_id: line.gatewayId,
          ts: line.ts ?? new Date(),
          kind: line.kind,
          level: line.level,
          transport: line.transport,
          message: line.message.slice(0, MESSAGE_MAX_CHARS),
          payload: line.payload ?? null,
          points: line.points ?? 0,
        })),
      )
      .returning([
        'id',
        'org_id',
        'gateway_id',
        'ts',
        'kind',
        'level',
        'transport',
        'message',
        'payload',
        'points',
      ])
      .execute();
  }

  /** Deletes all but the newest `keep` lines of a gateway. */
  async keepNewest(orgId: string, gatewayId: string, keep: number): Promise<void> {
    await sql`
      delete from gateway_logs
      where org_id = ${orgId} and gateway_id = ${gatewayId}
        and id < (
          select id from gateway_logs where org_id = ${orgId} and gateway_id = ${gatewayId}
          order by id desc offset ${keep - 1} limit 1
        )`.execute(this.db);
  }

  /** The newest lines first, optionally only older than `before` and of one level. */
  latest(
    orgId: string,
    gatewayId: string,
    filter: { limit: number; before?: string | undefined; level?: string | undefined },
  ) {
    let query = this.db
      .selectFrom('gateway_logs')
      .select(['id', 'gateway_id', 'ts', 'kind', 'level', 'transport', 'message', 'payload', 'points'])
      .where('org_id', '=', orgId)
      .where('gateway_id', '=', gatewayId);
    if (filter.before) query = query.where('id', '<', filter.before);
    if (filter.level) query = query.where('level', '=', filter.level);
    return query.orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /** Deletes every line of the gateway; answers how many went. */
  async clear(orgId: string, gatewayId: string): Promise<number> {
    const rows = await this.db
      .deleteFrom('gateway_logs')
      .where('org_id', '=', orgId)
      .where('gateway_id', '=', gatewayId)
      .returning('id')
      .execute();
    return rows.length;
  }
}
