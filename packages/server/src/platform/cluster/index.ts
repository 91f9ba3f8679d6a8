/**
 * What the nodes of a deployment share besides the database: the cluster bus (LISTEN/NOTIFY on
 * PostgreSQL, in-process on PGlite, which is one process) and Redis when REDIS_URL names one.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import type { ClusterBus } from './clusterBus';
import { LocalBus } from './localBus';
import { PostgresBus } from './postgresBus';

export type { BusChannel, BusDelivery, BusSubscriber, ClusterBus } from './clusterBus';
export { LocalBus } from './localBus';

export interface Cluster {
  bus: ClusterBus;
  redis: Redis | null;
}

/** One process on its own (tests, tools): an in-process bus and no Redis. */
export function singleNode(log?: Logger): Cluster {
  return { bus: new LocalBus(log), redis: null };
}

/** Opens the bus the database's nodes share. */
export async function openClusterBus(
  database: Pick<DatabaseHandle, 'db' | 'engine' | 'url'>,
  log: Logger,
): Promise<ClusterBus> {
  if (database.engine === 'postgres' && database.url) return PostgresBus.open(database.url, log, database.db);
  return new LocalBus(log);
}

/** Opens the bus and, with a URL, Redis (connecting in the background, reconnecting on its own). */
export async function openCluster(
  database: Pick<DatabaseHandle, 'db' | 'engine' | 'url'>,
  redisUrl: string | undefined,
  log: Logger,
): Promise<Cluster & { close(): Promise<void> }> {
  const bus = await openClusterBus(database, log);
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', (error) => log.warn({ err: error }, 'Redis (cluster coordination) error'));
  return {
    bus,
    redis,
    close: async () => {
      await bus.close();
      redis?.disconnect();
    },
  };
}
