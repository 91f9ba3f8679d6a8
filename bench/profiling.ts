/** CPU profiles of a benchmark's measured phase, for finding where its time goes. */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Profiles the main thread while `work` runs when CPU_PROFILE names a directory (made if missing); the file
 * (`{name}-{time}.cpuprofile`) opens in Chrome DevTools' Performance panel.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.CPU_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = join(dir, `${name}-${Date.now()}.cpuprofile`);
    await mkdir(dir, { recursive: true });
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.error(`CPU profile of ${name}: ${file}`);
  }
}
