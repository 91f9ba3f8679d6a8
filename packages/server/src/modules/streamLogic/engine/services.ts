/**
 * What node kinds may use, behind one interface so nodes stay small and tests can hand in their own.
 * `createStreamServices` (runtime/streamServices.ts) builds the real ones on the module's deps; every
 * method takes the chain's organization first and never reaches another organization's rows.
 */
import type { AlertSeverity, ChainMessage } from '@ferrite/contracts';

/** A sensor as sources and enrich see it (cached: a move or rename is seen within a minute). */
export interface StreamSensor {
  id: string;
  orgId: string;
  projectId: string;
  name: string;
  /** Its type first, then the supertypes. */
  typeIds: string[];
  /** The assets above it, the root first. */
  assetIds: string[];
  parentId: string | null;
}

/** One aggregate bucket's contribution from a batch (window node). */
export interface BucketAddition {
  groupKey: string;
  bucketStart: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  firstTs: number;
  firstValue: number;
  lastTs: number;
  lastValue: number;
  sample: { sensor_id: string | null; key: string };
}

/** A bucket as claimed when its window closed. */
export type ClaimedBucket = BucketAddition;

export interface StreamServices {
  sensors: {
    /** Sensors by id (unknown or not-a-sensor ids are left out), mostly from memory. */
    get(orgId: string, ids: readonly string[]): Promise<Map<string, StreamSensor>>;
    /** The sensors a gateway's mapping writes to. */
    ofGateway(orgId: string, gatewayId: string): Promise<ReadonlySet<string>>;
    /** Whether each id is an entity of that kind in the organization (deploy checks). */
    exist(
      orgId: string,
      kind: 'sensor' | 'asset' | 'sensor_type' | 'gateway',
      ids: readonly string[],
    ): Promise<boolean>;
  };
  /** Window buckets, shared by every node of the cluster (upserted with arithmetic on conflict). */
  windows: {
    add(pipelineId: string, nodeId: string, additions: readonly BucketAddition[]): Promise<void>;
    /** Deletes and returns the buckets starting before `before` (once across nodes). */
    claim(pipelineId: string, nodeId: string, before: number): Promise<ClaimedBucket[]>;
    /** Reads (without claiming) the buckets from `from` on, for sliding windows. */
    read(pipelineId: string, nodeId: string, from: number): Promise<ClaimedBucket[]>;
  };
  /** Small per-key state of deduplicate, throttle, merge, delay and schedule nodes. */
  state: {
    get(
      pipelineId: string,
      nodeId: string,
      keys: readonly string[],
    ): Promise<Map<string, { ts: number; value: unknown }>>;
    /**
     * Sets a key's state only if its stored `ts` is below `ifBefore` (or it has none): true when this
     * call won. Two nodes racing on one key: exactly one wins.
     */
    claim(
      pipelineId: string,
      nodeId: string,
      key: string,
      ts: number,
      value: unknown,
      ifBefore: number,
    ): Promise<boolean>;
    put(pipelineId: string, nodeId: string, key: string, ts: number, value: unknown): Promise<void>;
    /** Deletes and returns the keys whose `ts` is at most `upTo` (a delay's due messages). */
    takeDue(
      pipelineId: string,
      nodeId: string,
      upTo: number,
    ): Promise<{ key: string; ts: number; value: unknown }[]>;
  };
  enrich: {
    assetMetadata(orgId: string, assetId: string): Promise<Record<string, unknown> | null>;
    sensorTypeParameters(orgId: string, typeId: string): Promise<Record<string, unknown> | null>;
    projectAssets(orgId: string, projectId: string): Promise<{ uuid: string; name: string }[]>;
  };
  /** User JavaScript in QuickJS, with a CPU deadline and a memory cap; never `vm`. */
  sandbox: {
    run(
      code: string,
      message: ChainMessage,
      limits: { timeoutMs: number; memoryBytes: number },
    ): Promise<unknown>;
  };
  sinks: {
    /** Stores values as durable telemetry of the organization's sensor (dashboards, alerts, reports see them). */
    writeReadings(
      orgId: string,
      points: readonly { sensorId: string; paramKey: string; ts: number; value: number }[],
    ): Promise<void>;
    raiseAlert(
      orgId: string,
      alert: {
        dedupeKey: string;
        severity: AlertSeverity;
        description: string;
        sensorId: string | null;
        paramKey: string;
        value: number | null;
      },
    ): Promise<void>;
    sendCommand(orgId: string, gatewayId: string, name: string, value: unknown): Promise<string>;
    /** POSTs JSON to a URL allowed by WEBHOOK_NETWORKS; the answer's status. */
    postWebhook(orgId: string, url: string, body: unknown): Promise<number>;
    sendMessage(
      orgId: string,
      medium: 'email' | 'sms',
      to: readonly string[],
      subject: string,
      text: string,
    ): Promise<void>;
  };
}
