/** Downloading a firmware file the way a device would: streamed, hashed, progress reported as it goes. */
import { createHash } from 'node:crypto';

const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface Downloaded {
  sha256: string;
  size: number;
}

/**
 * Fetches `url` and answers its SHA-256; `onProgress` hears 0, then each 25 % step reached (when the
 * size is known from the answer or `expectedSize`), then 100.
 */
export async function downloadFirmware(
  url: string,
  onProgress: (percent: number) => Promise<void>,
  expectedSize?: number,
): Promise<Downloaded> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
  const total = Number(response.headers.get('content-length')) || expectedSize || 0;
  const hash = createHash('sha256');
  let size = 0;
  let reported = 0;
  await onProgress(0);
  for await (const chunk of response.body) {
    hash.update(chunk);
    size += chunk.byteLength;
    const step = total > 0 ? Math.min(75, Math.floor((size / total) * 4) * 25) : 0;
    if (step > reported) {
      reported = step;
      await onProgress(step);
    }
  }
  await onProgress(100);
  return { sha256: hash.digest('hex'), size };
}
