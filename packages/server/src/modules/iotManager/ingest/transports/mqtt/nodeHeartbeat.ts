/**
 * A node's part in the registry while it reads through an external broker: a heartbeat every
 * `heartbeatMs`, and on each beat a look for a silent node of its group whose sessions it then takes
 * over (one at a time). The heartbeat outlives the takeovers: a stopping node keeps beating while it
 * hands its own share over, so no survivor cuts in.
 */
import type { Logger } from 'pino';
import type { NodeRegistry } from './nodeRegistry';
import { type AdoptionOptions, type AdoptionOutcome, SessionAdoption } from './sessionAdoption';

export interface NodeHeartbeatOptions {
  nodeId: string;
  shareGroup: string;
  registry: NodeRegistry;
  log: Logger;
  heartbeatMs: number;
  silentMs: number;
  /** How long one takeover may take before its claim is given back. */
  adoptionMs: number;
  /** Everything a takeover needs but its node and deadline. */
  adoption: Omit<AdoptionOptions, 'self' | 'registry' | 'log' | 'silentMs' | 'deadline'>;
  onTakeover?: (nodeId: string, outcome: AdoptionOutcome) => void;
}

export class NodeHeartbeat {
  private timer: NodeJS.Timeout | null = null;
  private beating = true;
  private adopting = true;
  private failing = false;
  private current: { run: Promise<void>; takeover: SessionAdoption } | null = null;

  constructor(private readonly options: NodeHeartbeatOptions) {
    this.schedule();
  }

  /** Takes over no more sessions; one under way goes back to the broker unfinished. */
  async stopTakingOver(): Promise<void> {
    this.adopting = false;
    const running = this.current;
    await running?.takeover.abort();
    await running?.run;
  }

  /** Stops beating (after stopTakingOver, or at once as a crash). */
  stop(): void {
    this.beating = false;
    this.adopting = false;
    if (this.timer) clearTimeout(this.timer);
    void this.current?.takeover.abort();
  }

  private schedule(): void {
    this.timer = setTimeout(
      () => void this.tick().finally(() => this.beating && this.schedule()),
      this.options.heartbeatMs,
    );
  }

  private async tick(): Promise<void> {
    const { registry, nodeId, shareGroup, silentMs, adoptionMs, log } = this.options;
    try {
      await registry.beat(nodeId);
      this.failing = false;
      if (this.current || !this.adopting) return;
      const silent = await registry.claimSilent(nodeId, shareGroup, silentMs, adoptionMs * 3);
      if (!silent) return;
      if (!this.adopting) {
        // Stopping meanwhile: the claim goes back at once for another survivor.
        await registry.release(silent.nodeId, nodeId, false, silentMs);
        return;
      }
      const takeover = new SessionAdoption(silent, {
        ...this.options.adoption,
        self: nodeId,
        registry,
        log,
        silentMs,
        deadline: Date.now() + adoptionMs,
      });
      const run = takeover.run().then(
        (outcome) => {
          const level = outcome.left === 0 ? 'info' : 'debug';
          log[level]({ node: silent.nodeId, ...outcome }, 'MQTT: took over a silent node’s broker sessions');
          this.options.onTakeover?.(silent.nodeId, outcome);
        },
        // Its claim runs out and a survivor (maybe this one) tries again.
        (error) => log.warn({ err: error, node: silent.nodeId }, 'MQTT: a session takeover failed'),
      );
      this.current = {
        run: run.finally(() => {
          this.current = null;
        }),
        takeover,
      };
    } catch (error) {
      if (!this.failing) log.warn({ err: error }, 'MQTT: the node registry is unreachable');
      this.failing = true;
    }
  }
}
