/** What route plugins receive from the composition root. */
import type { BrandSet } from '@ferrite/contracts';
import { brandForHost } from '@ferrite/contracts';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DeviceCommands } from '../../ingest/deviceCommands';
import type { DeviceLinkHub } from '../../ingest/deviceLink';
import type { GatewayLogSink } from '../../ingest/gatewayLogSink';
import type { IngestService } from '../../ingest/ingestService';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
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
  /** Batched gateway log lines, announced live. */
  gatewayLogs: GatewayLogSink;
  /** Commands out to devices, cache invalidation in the transports. */
  deviceLink: DeviceLinkHub;
  /** The protocol-neutral device pipeline every transport feeds. */
  ingest: IngestService;
  /** Device-side command fetch and acknowledgement. */
  deviceCommands: DeviceCommands;
  /** Files (firmware) with signed download links. */
  blobs: BlobStore;
}

/** The brand of the host a request came to (spec §1 white-labelling). */
export function requestBrand(request: FastifyRequest, config: Config): BrandSet {
  return brandForHost(request.host, config.brandPrimaryHost);
}
