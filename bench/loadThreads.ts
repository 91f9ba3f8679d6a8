/**
 * The load threads of the ingest benchmarks (bench:ingest, bench:alerts): `ingestLoad.mjs` started as a
 * worker with its role in workerData and spoken to by typed messages; and the count that tells a
 * round's points are all stored.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { BenchServer } from './ingestSetup';

export type Message = { type: string; [key: string]: unknown };

/** A load thread (ingestLoad.mjs). */
export interface LoadThread {
  worker: Worker;
  /** Posts `message` and resolves with the thread's next message of type `reply`. */
  request(message: unknown, reply: string): Promise<Message>;
}

/** Starts a load thread and waits for its first message, of type `startedType` ('connected' or 'ready'). */
export async function startLoad(workerData: object, startedType: string): Promise<LoadThread> {
  const worker = new Worker(new URL('./ingestLoad.mjs', import.meta.url), { workerData, execArgv: [] });
  const waiting = new Map<string, (message: Message) => void>();
  let failure: ((error: Error) => void) | null = null;
  const failed = new Promise<never>((_, reject) => {
    failure = reject;
  });
  failed.catch(() => {});
  worker.on('error', (error) => failure?.(error));
  worker.on('message', (message: Message) => {
    if (message.type === 'failed') failure?.(new Error(String(message.message)));
    waiting.get(message.type)?.(message);
  });
  const next = (type: string) =>
    Promise.race([new Promise<Message>((resolve) => waiting.set(type, resolve)), failed]);
  await next(startedType);
  return {
    worker,
    request: (message, reply) => {
      const answer = next(reply);
      worker.postMessage(message);
      return answer;
    },
  };
}

/** Points of the fleet's sensors the hour rollup counts (written in the same transaction as raw points). */
export async function rollupCount(server: BenchServer, sensorIds: string[]): Promise<number> {
  const result = await sql<{ n: string }>`
    select coalesce(sum(count), 0)::text as n from telemetry_1h where sensor_id = any(${sensorIds}::uuid[])`.execute(
    server.platform.deps.db,
  );
  return Number(result.rows[0]?.n);
}
