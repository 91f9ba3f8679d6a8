/**
 * The one repository idiom: a repository holds a connection (the database, or a transaction it was
 * bound to) and is the only code that speaks SQL for its domain. Services receive repositories and
 * run multi-step writes with `transaction`, which hands them the same kind of repository bound to
 * the transaction; `sibling` gives another kind on that same connection.
 */
import type { Kysely } from 'kysely';
import { type ActivityEntryInput, recordActivity } from '../audit/activity';
import type { Database } from './schema';

type DB = Kysely<Database>;

/** A repository class: constructed from a connection alone. */
export type RepositoryKind<R> = new (db: DB) => R;

/** The base of every repository. */
export abstract class Repository {
  constructor(protected readonly db: DB) {}

  /** Runs the work in one transaction with a repository of this kind bound to it. */
  transaction<T>(work: (repo: this) => Promise<T>): Promise<T> {
    const kind = this.constructor as RepositoryKind<this>;
    return this.db.transaction().execute((trx) => work(new kind(trx)));
  }

  /** A repository of another kind on this one's connection (inside its transaction, when bound). */
  sibling<R>(kind: RepositoryKind<R>): R {
    return new kind(this.db);
  }

  /** Records an activity entry with this repository's connection (the transaction's, when bound). */
  recordActivity(entry: ActivityEntryInput): Promise<void> {
    return recordActivity(this.db, entry);
  }
}
