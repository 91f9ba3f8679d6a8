/**
 * Every metric Ferrite exports at /metrics (Prometheus text format, prom-client), in one place. What
 * is counted on a hot path (messages, points) stays a plain number in the code that counts it and is
 * read here at scrape time, so ingest pays nothing for metrics but one histogram step per stored
 * batch; what happens rarely (a job run, an HTTP answer) is counted here directly.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What ingest has counted since start, read at each scrape. */
export interface IngestCounts {
  /** Points stored (duplicates left out). */
  pointsStored(): number;
  /** Telemetry messages handled, by transport (`mqtt`, `http`, `coap`). */
  messages(): Readonly<Record<string, number>>;
  /** Points waiting for each telemetry subscriber, by subscriber name. */
  subscriberQueues(): Readonly<Record<string, number>>;
}

/** Job runs this node finished, by job name. */
export type JobRunCounts = () => ReadonlyMap<string, { completed: number; failed: number }>;

export interface MetricsOptions {
  /** The process's own metrics too (CPU, memory, event loop lag, GC). */
  processDefaults?: boolean;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's metrics, collected once per process however many platforms it runs (tests run many):
 * each collection starts an event-loop monitor and a GC observer that are never stopped.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly process: Registry | null;
  /** HTTP answers by method, route pattern (never the raw URL: no ids or tokens) and status code. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** From a stored batch's first point queued to the batch durable: ingest's own lag. */
  readonly ingestBatchWait: Histogram;
  private ingest: IngestCounts | null = null;
  private jobs: JobRunCounts | null = null;
  private sockets: (() => number) | null = null;

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.process = options.processDefaults ? processMetrics() : null;
    this.httpDuration = new Histogram({
      name: 'ferrite_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.ingestBatchWait = new Histogram({
      name: 'ferrite_ingest_batch_wait_seconds',
      help: 'Time from the first point of a telemetry batch queued to the batch durable',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    const metrics = this;
    new Counter({
      name: 'ferrite_ingest_points_stored_total',
      help: 'Telemetry points stored by this node',
      registers,
      collect() {
        const stored = metrics.ingest?.pointsStored();
        if (stored === undefined) return;
        this.reset();
        this.inc(stored);
      },
    });
    new Counter({
      name: 'ferrite_ingest_messages_total',
      help: 'Telemetry messages handled by this node, by transport',
      labelNames: ['transport'],
      registers,
      collect() {
        const messages = metrics.ingest?.messages();
        if (!messages) return;
        this.reset();
        for (const [transport, count] of Object.entries(messages)) this.inc({ transport }, count);
      },
    });
    new Gauge({
      name: 'ferrite_telemetry_subscriber_queued_points',
      help: 'Stored points waiting for each telemetry subscriber (live values, alerts…)',
      labelNames: ['subscriber'],
      registers,
      collect() {
        const queues = metrics.ingest?.subscriberQueues();
        if (!queues) return;
        this.reset();
        for (const [subscriber, points] of Object.entries(queues)) this.set({ subscriber }, points);
      },
    });
    new Counter({
      name: 'ferrite_job_runs_total',
      help: 'Durable job runs on this node by job and outcome (completed, failed)',
      labelNames: ['job', 'outcome'],
      registers,
      collect() {
        const runs = metrics.jobs?.();
        if (!runs) return;
        this.reset();
        for (const [job, count] of runs) {
          this.inc({ job, outcome: 'completed' }, count.completed);
          this.inc({ job, outcome: 'failed' }, count.failed);
        }
      },
    });
    new Gauge({
      name: 'ferrite_socket_clients',
      help: 'Browsers connected to this node by socket.io',
      registers,
      collect() {
        if (metrics.sockets) this.set(metrics.sockets());
      },
    });
  }

  /** Ingest's counts are read from here at each scrape. */
  readIngestFrom(counts: IngestCounts): void {
    this.ingest = counts;
  }

  /** The job queue's run counts are read from here at each scrape. */
  readJobsFrom(counts: JobRunCounts): void {
    this.jobs = counts;
  }

  /** The number of connected sockets is read from here at each scrape (null: none any more). */
  readSocketsFrom(count: (() => number) | null): void {
    this.sockets = count;
  }

  /** The exposition text. */
  scrape(): Promise<string> {
    return (this.process ? Registry.merge([this.process, this.registry]) : this.registry).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
