/** The signing secret: from SECRET, or generated once and kept beside the data so tokens survive restarts. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Returns the configured secret, or reads (creating on first start) DATA_DIR/secret. */
export async function resolveSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const path = join(dataDir, 'secret');
  try {
    const stored = (await readFile(path, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  await writeFile(path, `${generated}\n`, { mode: 0o600 });
  return generated;
}
