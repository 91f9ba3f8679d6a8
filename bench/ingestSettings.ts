/** bench:ingest's settings (environment, see bench/README.md) and targets. */
import type { Engine } from './ingestSetup';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};

export const SETTINGS = {
  points: env('POINTS', 2_000_000),
  /**
   * Rounds of raw COPY then ingest, each into its own span of time; the figures are the rounds'
   * medians. One round's ratio moved by ±0.1 with the shared machine's speed between its two halves.
   */
  rounds: Math.max(1, env('ROUNDS', 3)),
  /** Points ingested before the first round and not measured (0: none). */
  warmupPoints: env('WARMUP_POINTS', 200_000),
  clients: env('CLIENTS', 8),
  sensors: env('SENSORS', 10),
  params: env('PARAMS', 10),
  readings: env('READINGS', 50),
  intervalMs: env('INTERVAL_MS', 1_000),
  inflight: env('INFLIGHT', 2),
  httpSeconds: env('HTTP_SECONDS', 10),
  httpConcurrency: env('HTTP_CONCURRENCY', 32),
};

export const ENGINES = (process.env.ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as Engine[];

/** Raw COPY streams measured: PostgreSQL one and as many as the writer's lanes (three); PGlite one. */
export const COPY_STREAMS: Record<Engine, number[]> = { postgres: [1, 3], pglite: [1] };

export const TARGETS = {
  postgres: { pointsPerS: 150_000, ofCopy: 0.65 },
  pglite: { pointsPerS: 60_000 },
  apiP99Ms: 50,
};
