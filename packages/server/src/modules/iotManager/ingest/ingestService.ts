/**
 * The protocol-neutral ingest pipeline every transport feeds: authenticate a gateway, parse and map
 * its message, store the points (group-committed; resolves once durable), log what happened and why
 * something was refused, and keep its presence. Transports only translate their protocol to these
 * calls and the answers back.
 */
import { hostname } from 'node:os';
import type { IngestResult } from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/database';
import type { Metrics } from '../../../platform/metrics/metrics';
import type { TelemetrySubscriber } from '../../../platform/module';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { pointCount } from '../../../telemetry/pointRuns';
import { ArrivalClock, nodeSlot, stampArrivals } from './arrivalClock';
import type { DeviceLinkHub } from './deviceLink';
import { duplicatesProblem } from './duplicates';
import { GatewayDirectory, type IngestGateway, tokenMatches } from './gatewayDirectory';
import { type GatewayLogSink, LOG_PAYLOAD_MAX_CHARS } from './gatewayLogSink';
import { MessageDecoder } from './messageDecoder';
import { Presence } from './presence';
import { type PointWriter, TelemetryBatcher } from './telemetryBatcher';
import { TelemetryFanout } from './telemetryFanout';

export type Transport = 'mqtt' | 'http' | 'coap';

export type AuthFailure = 'unknown' | 'token' | 'archived';

/**
 * How a transport that may deliver one message twice (MQTT QoS 1) keeps a second delivery from being a
 * second reading when the message carries no time of its own: it records the arrival stamp the first
 * delivery got before its points are written, and hands that stamp back with a redelivery, whose points
 * then fall on the ones already stored.
 */
export interface Delivery {
  /** The first stamp (epoch µs) an earlier delivery of this very message got. */
  stampMicros?: number;
  /** Called with a message's first arrival stamp before its points are written; the write waits for it. */
  onStamped?(firstMicros: number): Promise<void>;
}

/**
 * What a telemetry call answers: the points actually stored (`accepted`) and why others were not;
 * `malformed` when the body was not JSON, `unmapped` when nothing in it could be mapped (nothing
 * stored, and not because it was stored already).
 */
export interface TelemetryOutcome extends IngestResult {
  malformed: boolean;
  unmapped: boolean;
}

export interface IngestServiceDeps {
  db: Db;
  writer: PointWriter;
  gatewayLogs: GatewayLogSink;
  realtime: RealtimeHub;
  deviceLink: DeviceLinkHub;
  log: Logger;
  /** Every module's subscriber to durable telemetry (live values among them), handed each stored batch. */
  subscribers?: readonly TelemetrySubscriber[];
  /** This node's name (NODE_ID, else the host name): its slot of arrival times (arrivalClock.ts). */
  nodeName?: string;
  /** Where ingest's counts are read at scrape time, and each batch's wait is observed. */
  metrics?: Metrics;
  /** Told when a gateway that was offline is heard again. */
  onGatewayOnline?: (gateway: IngestGateway) => void;
}

const REFUSALS: Record<AuthFailure, string> = {
  unknown: 'Unknown gateway or wrong access token',
  token: 'Unknown gateway or wrong access token',
  archived: 'This gateway is archived',
};

/** The message a device gets when it is refused (unknown and wrong token look alike). */
export function refusalMessage(failure: AuthFailure): string {
  return REFUSALS[failure];
}

export class IngestService {
  readonly directory: GatewayDirectory;
  readonly batcher: TelemetryBatcher;
  readonly presence: Presence;
  private readonly fanout: TelemetryFanout;
  readonly decoder = new MessageDecoder();
  private readonly clock: ArrivalClock;
  /** Telemetry messages handled, by transport: plain numbers, read by /metrics. */
  private readonly messages: Record<Transport, number> = { mqtt: 0, http: 0, coap: 0 };

  constructor(private readonly deps: IngestServiceDeps) {
    this.directory = new GatewayDirectory(deps.db);
    this.clock = new ArrivalClock(nodeSlot(deps.nodeName ?? hostname()));
    this.fanout = new TelemetryFanout(deps.subscribers ?? [], deps.log);
    // Once a batch is durable and its senders answered; a subscriber that fell behind holds back the
    // next write (and so the next acknowledgement) until its queue has room again.
    this.batcher = new TelemetryBatcher(deps.writer, {
      onWritten: (runs) => this.fanout.publish(runs),
      ...(deps.metrics ? { onWait: deps.metrics.ingestBatchWait } : {}),
    });
    deps.metrics?.readIngestFrom({
      pointsStored: () => this.batcher.written,
      messages: () => this.messages,
      subscriberQueues: () => this.fanout.queued(),
    });
    this.presence = new Presence(deps.db, deps.realtime, deps.log, deps.onGatewayOnline);
    deps.deviceLink.onGatewayChangedOnAnyNode({
      changed: (gatewayId) => this.directory.forget(gatewayId),
      missed: () => this.directory.forgetAll(),
    });
  }

  /** The gateway a uuid and access token name, or why not (HTTP and CoAP). */
  async authenticate(uuid: string, token: string | null): Promise<IngestGateway | AuthFailure> {
    const gateway = await this.directory.byId(uuid);
    if (!gateway) return 'unknown';
    if (!tokenMatches(gateway, token)) return 'token';
    if (gateway.archived) return 'archived';
    return gateway;
  }

  /**
   * Parses, maps and stores one message; resolves once its points are durable, counting what was
   * stored. Readings without a mapped timestamp get their arrival time, a distinct microsecond each.
   */
  async telemetry(
    gateway: IngestGateway,
    body: Buffer | string,
    transport: Transport,
    delivery?: Delivery,
  ): Promise<TelemetryOutcome> {
    const receivedAt = new Date();
    const arrived = this.clock.nowMicros();
    this.messages[transport]++;
    this.presence.touch(gateway, receivedAt);
    const decoded = await this.decoder.decode(gateway, body);
    const text = logText(body);
    if (decoded.malformed !== null) {
      this.logLine(gateway, transport, 'error', 'error', decoded.malformed, text, 0);
      return { accepted: 0, readings: 0, problems: [decoded.malformed], malformed: true, unmapped: false };
    }
    const mapped = decoded.mapped;
    // Stamped here, after decoding (maybe in the worker), so every stamp comes from the one clock.
    if (mapped.stampOnArrival && mapped.runs.length > 0) {
      const first = delivery?.stampMicros ?? this.clock.reserve(mapped.readings, arrived);
      stampArrivals(mapped.runs, first);
      await delivery?.onStamped?.(first);
    }
    const points = pointCount(mapped.runs);
    const duplicates = await this.batcher.add(mapped.runs);
    const stored = points - (duplicates?.length ?? 0);
    if (stored > 0) {
      const readings = mapped.readings === 1 ? '1 reading' : `${mapped.readings} readings`;
      this.logLine(
        gateway,
        transport,
        'telemetry',
        'info',
        `${readings}, ${stored} points stored`,
        text,
        stored,
      );
    }
    if (mapped.problems.length > 0) {
      const level = points > 0 ? 'warn' : 'error';
      const message = `${points > 0 ? 'Partly mapped' : 'Not mapped'}: ${mapped.problems.join('; ')}`;
      this.logLine(gateway, transport, 'error', level, message, text, 0);
    }
    const problems = mapped.problems;
    if (duplicates) {
      const problem = duplicatesProblem(duplicates);
      problems.push(problem);
      const message = `${stored > 0 ? 'Partly stored' : 'Not stored'}: ${problem}`;
      this.logLine(gateway, transport, 'error', 'warn', message, text, 0);
    }
    return {
      accepted: stored,
      readings: mapped.readings,
      problems,
      malformed: false,
      unmapped: stored === 0 && !duplicates && problems.length > 0,
    };
  }

  /** A heartbeat: the gateway is alive. */
  heartbeat(gateway: IngestGateway, body: Buffer | string | null, transport: Transport): void {
    this.presence.touch(gateway);
    const text = body === null ? null : typeof body === 'string' ? body : body.toString('utf8');
    this.logLine(gateway, transport, 'heartbeat', 'info', 'Heartbeat', text || null, 0);
  }

  /** Writes a line to the gateway's log (batched). */
  logLine(
    gateway: Pick<IngestGateway, 'id' | 'orgId'>,
    transport: Transport | '',
    kind: 'telemetry' | 'heartbeat' | 'command' | 'ack' | 'firmware' | 'connect' | 'error',
    level: 'info' | 'warn' | 'error',
    message: string,
    payload: string | null,
    points: number,
  ): void {
    this.deps.gatewayLogs.append({
      orgId: gateway.orgId,
      gatewayId: gateway.id,
      kind,
      level,
      transport,
      message,
      payload,
      points,
    });
  }

  /**
   * Writes everything pending: points, presence and log lines; every stored batch reaches every
   * telemetry subscriber, which then hands on what it holds (live values go out).
   */
  async flush(): Promise<void> {
    await this.batcher.drain();
    await this.presence.flush();
    await this.fanout.drain();
    await this.deps.gatewayLogs.flush();
  }

  /**
   * Starts the decode worker and the writer's thread before the first message needs them; resolves
   * once the writer is ready (the decode worker catches up on its own: small messages skip it).
   */
  async warmUp(): Promise<void> {
    this.decoder.warmUp();
    await this.deps.writer.warmUp?.();
  }

  /** Once the transports are closed: writes what is pending and stops the decode and writer threads. */
  async stop(): Promise<void> {
    await this.decoder.close();
    await this.flush();
    await this.deps.writer.close?.();
  }
}

/**
 * A message's text for its log line. The log keeps LOG_PAYLOAD_MAX_CHARS characters (the sink cuts),
 * so of a big message only the bytes those can take are decoded (at most four each; a character cut
 * in half at the end shows as a replacement mark).
 */
function logText(body: Buffer | string): string {
  if (typeof body === 'string') return body;
  return body.toString('utf8', 0, Math.min(body.length, LOG_PAYLOAD_MAX_CHARS * 4));
}
