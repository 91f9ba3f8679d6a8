/**
 * The Stream Logic runtime of one process: the telemetry subscriber every durable batch reaches, the
 * enabled chains held in memory per organization (loaded once, a changed chain swapped alone when
 * CHAINS_CHANGED_CHANNEL says so), and the due loop that lets windows, delays and schedules send on
 * time. A batch's runs go to the chains whose sources can take them (a map lookup per run; an
 * organization without chains costs one lookup), each chain's share queued on its own runner.
 *
 * Subscribers are built before the device services exist, so the runtime starts taking work when it is
 * bound to the full deps (the module's routes and `start` both bind it; binding twice is harmless).
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { DurableRun, TelemetrySubscriber } from '../../../platform/module';
import type { DeviceDeps } from '../../iotManager';
import { type ChainRow, type CompiledChain, compileChain } from '../engine/executor';
import type { StreamServices } from '../engine/services';
import { DUE_EVERY_MS } from '../nodes/defineNode';
import { WINDOW_GRACE_MS } from '../nodes/window';
import { recordChainActivity } from '../pipelines/activity';
import { CHAINS_CHANGED_CHANNEL } from '../shared';
import { TraceRecorder } from '../trace/recorder';
import { ChainRunner, SinkTargets } from './chainRunner';
import { createStreamServices } from './streamServices';

interface OrgChains {
  runners: Map<string, ChainRunner>;
  /** Chains by a sensor their sources name. */
  bySensor: Map<string, ChainRunner[]>;
  /** Chains whose sources may take any sensor (by type, asset or gateway): they filter in memory. */
  anySensor: ChainRunner[];
}

export interface ChainRuntimeOptions {
  now?: () => number;
  /** Services to run nodes with (tests); default: the database's. */
  services?: StreamServices;
}

/** Where the due ticks fall in each DUE_EVERY_MS step: on window ends plus their grace, and 2 ms after. */
const DUE_PHASE_MS = (WINDOW_GRACE_MS % DUE_EVERY_MS) + 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The series a chain's virtual-sensor sinks name in their config. */
function sinkTargets(row: ChainRow): { sensorId: string; paramKey: string }[] {
  const targets: { sensorId: string; paramKey: string }[] = [];
  for (const node of row.actions) {
    const { sensor_id: sensorId, param_key: paramKey } = node.config;
    if (node.type === 'virtual_sensor' && typeof sensorId === 'string' && UUID.test(sensorId))
      targets.push({ sensorId, paramKey: typeof paramKey === 'string' ? paramKey : 'value' });
  }
  return targets;
}

export class ChainRuntime implements TelemetrySubscriber {
  readonly name = 'streamLogic';
  readonly trace: TraceRecorder;
  private deps: DeviceDeps | null = null;
  private services: StreamServices | null;
  /** Every organization with an enabled chain (null until the first load). */
  private orgs: Map<string, OrgChains> | null = null;
  private loading: Promise<void> | null = null;
  /** Changes heard while loading: applied after it. */
  private changedWhileLoading: { orgId: string; pipelineId: string }[] | null = null;
  /** Batches heard before the first load ended. */
  private early: DurableRun[][] = [];
  private dueTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly now: () => number;
  private stopped = false;

  constructor(platform: AppDeps, options: ChainRuntimeOptions = {}) {
    this.now = options.now ?? Date.now;
    this.services = options.services ?? null;
    this.trace = new TraceRecorder(
      platform,
      (deps, entry) => recordChainActivity(deps.db, { ...entry, kind: 'error' }),
      this.now,
    );
  }

  /** Starts work on the full deps: loads the chains, listens for changes, runs the due loop. */
  bind(deps: DeviceDeps): void {
    if (this.deps) return;
    this.deps = deps;
    this.services ??= createStreamServices(deps);
    this.unsubscribe = deps.bus.subscribe(CHAINS_CHANGED_CHANNEL, {
      message: ({ payload }) => {
        const { orgId, pipelineId } = (payload ?? {}) as { orgId?: unknown; pipelineId?: unknown };
        if (typeof orgId === 'string' && typeof pipelineId === 'string') void this.changed(orgId, pipelineId);
        else void this.loadAll();
      },
      missed: () => void this.loadAll(),
    });
    void this.loadAll();
    this.trace.start();
    this.scheduleTick();
  }

  /**
   * The next due tick, on the wall clock's grid of DUE_EVERY_MS steps shifted so that a step lands just
   * after every whole second plus WINDOW_GRACE_MS: windows end on whole seconds, so a window is claimed
   * a few ms after it is due instead of up to a tick later.
   */
  private scheduleTick(): void {
    const wall = Date.now();
    const steps = Math.floor((wall - DUE_PHASE_MS) / DUE_EVERY_MS) + 1;
    this.dueTimer = setTimeout(
      () => {
        this.tick();
        if (!this.stopped) this.scheduleTick();
      },
      steps * DUE_EVERY_MS + DUE_PHASE_MS - wall,
    );
    this.dueTimer.unref();
  }

  /** Stops the due loop and listening, lets queued work finish and writes the trace. */
  async stop(): Promise<void> {
    if (!this.deps || this.stopped) return;
    this.stopped = true;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flush();
    await this.trace.stop();
  }

  /** Takes one durable batch: hands each chain the runs its sources can take, without waiting for it. */
  onBatch(runs: readonly DurableRun[]): void {
    const orgs = this.orgs;
    if (!orgs) {
      if (this.deps) this.early.push([...runs]);
      return;
    }
    let shares: Map<ChainRunner, DurableRun[]> | null = null;
    for (const run of runs) {
      const org = orgs.get(run.orgId);
      if (!org) continue;
      const named = org.bySensor.get(run.sensorId);
      if (named) for (const runner of named) shares = share(shares, runner, run);
      for (const runner of org.anySensor) shares = share(shares, runner, run);
    }
    if (shares) for (const [runner, taken] of shares) runner.enqueue(taken);
  }

  /** Resolves once every chain has run what it was handed, and the trace is written. */
  async flush(): Promise<void> {
    await this.loading;
    for (const org of this.orgs?.values() ?? [])
      for (const runner of org.runners.values()) await runner.idle();
    await this.trace.flush();
  }

  /** Calls the timed nodes of every chain (queued behind the chain's telemetry). */
  tick(): void {
    for (const org of this.orgs?.values() ?? [])
      for (const runner of org.runners.values()) runner.enqueueDue();
  }

  /** The services nodes run with (once bound). */
  streamServices(): StreamServices {
    if (!this.services) throw new Error('The Stream Logic runtime is not bound yet');
    return this.services;
  }

  /** The chain running here (tests, the trace). */
  chainOf(orgId: string, pipelineId: string): CompiledChain | null {
    return this.orgs?.get(orgId)?.runners.get(pipelineId)?.chain ?? null;
  }

  private compile(row: ChainRow, sinks: SinkTargets): CompiledChain {
    const base = this.services as StreamServices;
    for (const target of sinkTargets(row)) sinks.add(target.sensorId, target.paramKey);
    // What the chain writes is learnt as it writes: its own output never feeds it back.
    const services: StreamServices = {
      ...base,
      sinks: {
        ...base.sinks,
        writeReadings: (orgId, points) => {
          let last: (typeof points)[number] | undefined;
          for (const point of points) {
            // Points come in runs of one series: one set entry per run, not per point.
            if (last && last.sensorId === point.sensorId && last.paramKey === point.paramKey) continue;
            sinks.add(point.sensorId, point.paramKey);
            last = point;
          }
          return base.sinks.writeReadings(orgId, points);
        },
      },
    };
    return compileChain(row, { services, now: this.now });
  }

  private selectChains(where: { orgId: string; pipelineId: string } | null): Promise<ChainRow[]> {
    const deps = this.deps as DeviceDeps;
    let query = deps.db
      .selectFrom('pipelines')
      .select([
        'id',
        'org_id',
        'project_id',
        'name',
        'revision',
        'actions',
        'connections',
        'debug_all',
        'debug_nodes',
      ])
      .where('enabled', '=', true);
    if (where) query = query.where('org_id', '=', where.orgId).where('id', '=', where.pipelineId);
    return query.execute() as Promise<ChainRow[]>;
  }

  private loadAll(): Promise<void> {
    const load = (async () => {
      this.changedWhileLoading = [];
      try {
        const rows = await this.selectChains(null);
        const previous = this.orgs;
        const orgs = new Map<string, OrgChains>();
        for (const row of rows) {
          const held = previous?.get(row.org_id)?.runners.get(row.id) ?? null;
          const org = orgs.get(row.org_id) ?? emptyOrg();
          orgs.set(row.org_id, org);
          org.runners.set(row.id, this.runnerFor(row, held));
        }
        for (const org of orgs.values()) await this.index(org);
        this.orgs = orgs;
      } catch (error) {
        this.deps?.log.error({ err: error }, 'stream logic: chains not loaded');
        this.orgs ??= new Map();
      }
      const changes = this.changedWhileLoading ?? [];
      this.changedWhileLoading = null;
      for (const change of changes) await this.changed(change.orgId, change.pipelineId);
      const early = this.early;
      this.early = [];
      for (const runs of early) this.onBatch(runs);
    })();
    this.loading = load;
    return load;
  }

  private runnerFor(row: ChainRow, held: ChainRunner | null): ChainRunner {
    const sinks = held?.sinks ?? new SinkTargets();
    const chain = this.compile(row, sinks);
    if (held) {
      held.chain = chain;
      return held;
    }
    return new ChainRunner(chain, sinks, this.trace, this.now, (error) =>
      this.deps?.log.error({ err: error, pipelineId: row.id }, 'stream logic: chain run failed'),
    );
  }

  /** Swaps one chain in (or out) without touching the others. */
  private async changed(orgId: string, pipelineId: string): Promise<void> {
    if (this.changedWhileLoading) {
      this.changedWhileLoading.push({ orgId, pipelineId });
      return;
    }
    if (!this.orgs || !this.deps) return;
    try {
      const [row] = await this.selectChains({ orgId, pipelineId });
      const orgs = this.orgs;
      const org = orgs.get(orgId) ?? emptyOrg();
      const held = org.runners.get(pipelineId) ?? null;
      if (row) org.runners.set(pipelineId, this.runnerFor(row, held));
      else {
        org.runners.delete(pipelineId);
        this.trace.forget(pipelineId);
      }
      await this.index(org);
      if (org.runners.size > 0) orgs.set(orgId, org);
      else orgs.delete(orgId);
    } catch (error) {
      this.deps.log.error({ err: error, pipelineId }, 'stream logic: chain not swapped');
    }
  }

  /** Rebuilds an organization's sensor index from its chains' sources. */
  private async index(org: OrgChains): Promise<void> {
    const bySensor = new Map<string, ChainRunner[]>();
    const anySensor: ChainRunner[] = [];
    for (const runner of org.runners.values()) {
      const { chain } = runner;
      let sensors: Set<string> | null = new Set();
      for (const node of chain.sources) {
        const named = node.kind?.source?.sensorIds
          ? await node.kind.source.sensorIds(node.ctx, node.config)
          : null;
        if (named === null) {
          sensors = null;
          break;
        }
        for (const id of named) sensors.add(id);
      }
      if (chain.sources.length === 0) continue;
      if (sensors === null) anySensor.push(runner);
      else
        for (const id of sensors) {
          const list = bySensor.get(id) ?? [];
          list.push(runner);
          bySensor.set(id, list);
        }
    }
    org.bySensor = bySensor;
    org.anySensor = anySensor;
  }
}

function emptyOrg(): OrgChains {
  return { runners: new Map(), bySensor: new Map(), anySensor: [] };
}

/** Adds a run to a runner's share of the batch, unless the runner writes that sensor itself. */
function share(
  shares: Map<ChainRunner, DurableRun[]> | null,
  runner: ChainRunner,
  run: DurableRun,
): Map<ChainRunner, DurableRun[]> {
  const map = shares ?? new Map<ChainRunner, DurableRun[]>();
  if (runner.sinks.writes(run)) return map;
  const list = map.get(runner);
  if (list) list.push(run);
  else map.set(runner, [run]);
  return map;
}

const runtimes = new WeakMap<object, ChainRuntime>();

/** The telemetry subscriber of the module (one runtime per platform, found again by its database). */
export function createChainRuntime(deps: AppDeps, options: ChainRuntimeOptions = {}): ChainRuntime {
  const runtime = new ChainRuntime(deps, options);
  runtimes.set(deps.db, runtime);
  return runtime;
}

/** The runtime built for this platform, or null (a platform without the module's subscriber). */
export function chainRuntimeOf(deps: Pick<AppDeps, 'db'>): ChainRuntime | null {
  return runtimes.get(deps.db) ?? null;
}

/**
 * The stream services of this platform (deploy checks, replays), binding the runtime to the full deps
 * on first call; a platform without the runtime gets services of its own.
 */
export function streamServicesFor(deps: DeviceDeps): StreamServices {
  const runtime = chainRuntimeOf(deps);
  if (!runtime) return createStreamServices(deps);
  runtime.bind(deps);
  return runtime.streamServices();
}
