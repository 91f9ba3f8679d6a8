/**
 * Whether this node should be sent work (GET /api/ready): the services it cannot serve without (the
 * external MQTT broker, Redis…) each register a probe, and a stopping node says it is draining before
 * it lets go of anything, so a balancer stops sending to it while what is in flight finishes.
 * Liveness (GET /api/health) asks none of this: a broker outage is no reason to restart a process.
 */

/** A dependency's state as the probe found it. */
export interface DependencyStatus {
  reachable: boolean;
  /** Why not, in a few words (never a URL or a secret). */
  problem?: string;
}

/** Answers whether a dependency is reachable now: true/false, or throws/rejects when it is not. */
export type Probe = () => boolean | Promise<boolean | undefined> | undefined;

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  dependencies: Record<string, DependencyStatus>;
}

/** A probe that has not answered within this time counts as unreachable. */
const PROBE_TIMEOUT_MS = 2_000;

export class Readiness {
  private readonly probes = new Map<string, Probe>();
  private drainingSince: number | null = null;

  /** Adds a dependency's probe under its name (`mqtt`, `redis`); answers the function that removes it. */
  register(name: string, probe: Probe): () => void {
    this.probes.set(name, probe);
    return () => {
      if (this.probes.get(name) === probe) this.probes.delete(name);
    };
  }

  /** From now on the node answers not ready: it is stopping. */
  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Runs every probe at once (each bounded by PROBE_TIMEOUT_MS); ready when all are reachable and not draining. */
  async check(extra: Record<string, Probe> = {}): Promise<ReadinessReport> {
    const all = [...Object.entries(extra), ...this.probes];
    const statuses = await Promise.all(all.map(([, probe]) => runProbe(probe)));
    const dependencies = Object.fromEntries(
      all.map(([name], index) => [name, statuses[index] as DependencyStatus]),
    );
    const reachable = statuses.every((status) => status.reachable);
    return { ready: reachable && !this.draining, draining: this.draining, dependencies };
  }
}

async function runProbe(probe: Probe): Promise<DependencyStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DependencyStatus>((resolve) => {
    timer = setTimeout(
      () => resolve({ reachable: false, problem: `no answer within ${PROBE_TIMEOUT_MS} ms` }),
      PROBE_TIMEOUT_MS,
    );
  });
  const answer = (async (): Promise<DependencyStatus> => {
    try {
      const result = await probe();
      return result === false ? { reachable: false, problem: 'not connected' } : { reachable: true };
    } catch (error) {
      // The answer is public: an error code (ECONNREFUSED), never a message that may name a host.
      const code = (error as { code?: unknown } | null)?.code;
      return { reachable: false, problem: typeof code === 'string' ? code : 'unreachable' };
    }
  })();
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
