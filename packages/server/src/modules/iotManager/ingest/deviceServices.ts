/**
 * The device side of gateways as services: the ingest pipeline every transport feeds, the hub that
 * carries commands out and gateway changes to the transports, device command fetch and acknowledgement,
 * and the batched gateway log. Built once per node by the composition root, which hands them to the
 * modules that need them (IoT Manager, Dashboards' command widgets, projects).
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { TelemetrySubscriber } from '../../../platform/module';
import { TelemetryWriter } from '../../../telemetry/writer';
import { TelemetryWriterThread } from '../../../telemetry/writerThread/client';
import { clearAlert } from '../../alerts';
import { gatewayOfflineKey } from '../gateways/statusSweepJob';
import { DeviceCommands } from './deviceCommands';
import { DeviceLinkHub } from './deviceLink';
import { GatewayLogSink } from './gatewayLogSink';
import { IngestService } from './ingestService';

export interface DeviceServices {
  /** Batched gateway log lines, announced live. */
  gatewayLogs: GatewayLogSink;
  /** Commands out to devices, cache invalidation in the transports. */
  deviceLink: DeviceLinkHub;
  /** The protocol-neutral device pipeline every transport feeds. */
  ingest: IngestService;
  /** Device-side command fetch and acknowledgement. */
  deviceCommands: DeviceCommands;
}

/** What a module that talks to devices receives. */
export type DeviceDeps = AppDeps & DeviceServices;

export interface DeviceServiceOptions {
  /** The PostgreSQL database's URL (the writer thread opens its own pool); absent on PGlite. */
  databaseUrl?: string | undefined;
  /** Every module's subscriber to durable telemetry. */
  subscribers?: readonly TelemetrySubscriber[];
}

/** Builds the device services on the platform's. */
export function createDeviceServices(deps: AppDeps, options: DeviceServiceOptions = {}): DeviceServices {
  const { config, db, realtime, log } = deps;
  const gatewayLogs = new GatewayLogSink(db, realtime, log);
  const deviceLink = new DeviceLinkHub(deps.bus);
  // PostgreSQL: batches are written in a thread of their own with its own pool, off the event loop.
  const here = new TelemetryWriter(db);
  const writer = options.databaseUrl ? new TelemetryWriterThread(options.databaseUrl, here, log) : here;
  const ingest = new IngestService({
    db,
    writer,
    gatewayLogs,
    realtime,
    deviceLink,
    log,
    subscribers: options.subscribers ?? [],
    metrics: deps.metrics,
    onGatewayOnline: (gateway) => {
      clearAlert(deps, {
        orgId: gateway.orgId,
        dedupeKey: gatewayOfflineKey(gateway.id),
        reason: 'back online',
      }).catch((error) =>
        log.error({ err: error, gatewayId: gateway.id }, 'Could not clear the gateway offline alert'),
      );
    },
    ...(config.nodeId ? { nodeName: config.nodeId } : {}),
  });
  return { gatewayLogs, deviceLink, ingest, deviceCommands: new DeviceCommands(db, realtime, ingest) };
}
