/** The platform's services, handed by the composition root to every module. */
import type { BrandSet } from '@ferrite/contracts';
import { brandForHost } from '@ferrite/contracts';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { ClusterBus } from '../cluster';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/jobQueue';
import type { Readiness } from '../lifecycle/readiness';
import type { Mailer } from '../mail/mailer';
import type { Metrics } from '../metrics/metrics';
import type { RealtimeHub } from '../realtime/realtimeHub';
import type { JwtService } from '../security/jwt';
import type { BlobStore } from '../storage/blobStore';

export interface AppDeps {
  config: Config;
  db: Db;
  engine: 'pglite' | 'postgres';
  jwt: JwtService;
  mailer: Mailer;
  log: Logger;
  /** Live events to browsers (socket.io rooms). */
  realtime: RealtimeHub;
  /** Files (firmware, report files) with signed download links. */
  blobs: BlobStore;
  /** Durable jobs on the platform database: cron chores and delayed work, run once across nodes. */
  jobs: JobQueue;
  /** Messages every node hears at once (cache invalidation): LISTEN/NOTIFY on PostgreSQL. */
  bus: ClusterBus;
  /** The deployment's Redis (REDIS_URL), for what the nodes coordinate there (live values' pace); else null. */
  redis: Redis | null;
  /** Whether this node should be sent work (GET /api/ready): dependency probes, and draining at stop. */
  readiness: Readiness;
  /** What /metrics exports (Prometheus); hot paths keep plain counts it reads at scrape time. */
  metrics: Metrics;
}

/** The brand of the host a request came to (spec §1 white-labelling). */
export function requestBrand(request: FastifyRequest, config: Config): BrandSet {
  return brandForHost(request.host, config.brandPrimaryHost);
}
