/** The one statement the health check runs: whether the database answers. */
import { sql } from 'kysely';
import { Repository } from '../../platform/db/repository';

/** Data access for the health check. */
export class HealthRepository extends Repository {
  /** Resolves when the database answers a trivial query; rejects when it cannot. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
