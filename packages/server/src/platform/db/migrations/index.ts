/** Forward-only migrations, in order. Add a file and list it here; never edit a landed one. */
import type { Migration } from 'kysely';
import * as identity from './0001_identity';

export const migrations: Record<string, Migration> = {
  '0001_identity': identity,
};
