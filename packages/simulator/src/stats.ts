/** Counters a running fleet keeps, read by the live line and by callers of `stats()`. */

export interface FleetStats {
  gateways: number;
  /** Readings the transport confirmed (MQTT PUBACK, HTTP 2xx, CoAP 2.xx). */
  readings: number;
  /** Parameter values in those readings: what the telemetry store receives. */
  points: number;
  messages: number;
  heartbeats: number;
  /** Commands received, and acknowledgements (progress included) sent. */
  commands: number;
  acks: number;
  /** Failed sends, heartbeats, polls and acks, and connection errors. */
  errors: number;
  /** Readings skipped because the target did not keep up (too many messages in flight). */
  dropped: number;
  /** Problems the server reported in ingest answers (HTTP and CoAP only). */
  problems: number;
  lastError: string | null;
  lastProblem: string | null;
  elapsedMs: number;
}

export type Counters = Omit<FleetStats, 'gateways' | 'elapsedMs'>;

/** Fresh counters. */
export function emptyCounters(): Counters {
  return {
    readings: 0,
    points: 0,
    messages: 0,
    heartbeats: 0,
    commands: 0,
    acks: 0,
    errors: 0,
    dropped: 0,
    problems: 0,
    lastError: null,
    lastProblem: null,
  };
}
