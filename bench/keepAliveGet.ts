/**
 * GETs of JSON answers over one kept-alive connection (node:http), for timing an API call as a client
 * in another process sees it. Node's fetch costs about half a millisecond of its own per call (web
 * streams, abort signals), spent on the same thread as the server under test; a browser's is not.
 */
import { Agent, request } from 'node:http';

export type JsonGet = <T>(path: string) => Promise<T>;

/** A getter of `{baseUrl}/api{path}` with the bearer token. */
export function keepAliveGet(baseUrl: string, accessToken: string): JsonGet {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
  return <T>(path: string) =>
    new Promise<T>((resolve, reject) => {
      const call = request(
        { host: url.hostname, port: url.port, path: `/api${path}`, agent, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300)
              reject(new Error(`GET /api${path}: ${status} ${text.slice(0, 200)}`));
            else resolve(JSON.parse(text) as T);
          });
        },
      );
      call.on('error', reject);
      call.end();
    });
}
