/**
 * The signing secret of tokens and links: SECRET when set; otherwise generated once and kept. Embedded
 * (PGlite), it is kept beside the data (DATA_DIR/secret). On PostgreSQL it is kept in the database
 * (platform_secret, one row), so every node of a cluster signs and checks with the same one: a node
 * with a secret of its own would refuse every session, socket and download link made on another. The
 * first node to start creates the row (insert on conflict keeps the first), taking over the secret a
 * node that ran alone kept in its DATA_DIR, so its sessions and links stay valid.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/database';

/** Returns the configured secret, or the kept one: in the shared database when given, else DATA_DIR/secret. */
export async function resolveSecret(
  configured: string | undefined,
  dataDir: string,
  shared?: Db,
): Promise<string> {
  if (configured) return configured;
  if (shared) return sharedSecret(shared, dataDir);
  const kept = await fileSecret(dataDir);
  if (kept) return kept;
  await mkdir(dataDir, { recursive: true });
  const generated = newSecret();
  await writeFile(join(dataDir, 'secret'), `${generated}\n`, { mode: 0o600 });
  return generated;
}

async function sharedSecret(db: Db, dataDir: string): Promise<string> {
  const kept = await db.selectFrom('platform_secret').select('secret').executeTakeFirst();
  if (kept) return kept.secret;
  const candidate = (await fileSecret(dataDir)) ?? newSecret();
  await db
    .insertInto('platform_secret')
    .values({ secret: candidate })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Another node may have won the insert: everyone uses the row's secret.
  const row = await db.selectFrom('platform_secret').select('secret').executeTakeFirstOrThrow();
  return row.secret;
}

async function fileSecret(dataDir: string): Promise<string | undefined> {
  try {
    const stored = (await readFile(join(dataDir, 'secret'), 'utf8')).trim();
    return stored.length >= 32 ? stored : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

function newSecret(): string {
  return randomBytes(48).toString('base64url');
}
