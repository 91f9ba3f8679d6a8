/** The signing secret: configured, kept beside embedded data, or shared by every node through PostgreSQL. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testDatabase';
import type { DatabaseHandle } from '../db/database';
import { resolveSecret } from './secret';

let database: DatabaseHandle;
let root: string;
let dirs = 0;
const dataDir = () => join(root, `node-${++dirs}`);

beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'ferrite-secret-'));
});
afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

describe('the signing secret', () => {
  it('is SECRET when set, stored nowhere', async () => {
    const configured = 'a-configured-secret-that-is-long-enough-0123';
    const dir = dataDir();
    expect(await resolveSecret(configured, dir, database.db)).toBe(configured);
    expect(await database.db.selectFrom('platform_secret').selectAll().execute()).toEqual([]);
    await expect(readFile(join(dir, 'secret'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('embedded, is generated once and kept in DATA_DIR across restarts', async () => {
    const dir = dataDir();
    const first = await resolveSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveSecret(undefined, dir)).toBe(first);
    expect((await readFile(join(dir, 'secret'), 'utf8')).trim()).toBe(first);
  });

  it('on PostgreSQL, is the one a node that ran alone kept, then the same on every node starting at once', async () => {
    const alone = dataDir();
    const kept = await resolveSecret(undefined, alone);
    expect(await resolveSecret(undefined, alone, database.db)).toBe(kept);
    const nodes = await Promise.all(
      [dataDir(), dataDir(), dataDir()].map((dir) => resolveSecret(undefined, dir, database.db)),
    );
    expect(nodes).toEqual([kept, kept, kept]);
    expect(await database.db.selectFrom('platform_secret').select('secret').execute()).toEqual([
      { secret: kept },
    ]);
  });

  it('on PostgreSQL, stays the first one kept whatever a later node holds in its DATA_DIR', async () => {
    const { secret } = await database.db
      .selectFrom('platform_secret')
      .select('secret')
      .executeTakeFirstOrThrow();
    const other = dataDir();
    await resolveSecret(undefined, other);
    expect(await resolveSecret(undefined, other, database.db)).toBe(secret);
  });
});
