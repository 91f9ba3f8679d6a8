/**
 * A survivor takes over a silent node's broker sessions: it connects with the node's client ids
 * (clean start off), so the broker hands it what it queued for the node and resends what the node
 * received but never acknowledged; it stores and acknowledges all of it, unsubscribes the node's share
 * and ends each session (session expiry 0), after which the broker routes that share to the group's
 * live members. If the node comes back meanwhile its own connection takes the session (the broker's
 * session takeover) and the survivor lets it go: nothing is lost, the node answers what is left.
 */
import type { Logger } from 'pino';
import type { NodeRegistry, SilentNode } from './nodeRegistry';
import { type ShareMessageHandler, ShareSession } from './shareSession';

export interface AdoptionOptions {
  url: string;
  /** This node's id (the claim's holder). */
  self: string;
  registry: NodeRegistry;
  handle: ShareMessageHandler;
  onAcknowledged?(clientId: string, packetId: number): void;
  log: Logger;
  /** How long a node must be silent to be taken over (ms). */
  silentMs: number;
  /** When the adoption gives up (epoch ms); an unfinished one is claimed again on the next tick. */
  deadline: number;
  sessionExpiryS: number;
  clientIdOf(nodeId: string, index: number): string;
  filterOf(shareGroup: string): string;
}

export interface AdoptionOutcome {
  /** Sessions emptied and ended. */
  ended: number;
  /** Sessions the node took back (it came back) or that were not reached. */
  left: number;
  /** Messages stored and acknowledged for the node. */
  messages: number;
  /** Of those, the ones the node had received but not acknowledged (the broker's second tries). */
  redelivered: number;
}

/** Takes one claimed node's sessions over; `abort()` leaves them to the broker as they are. */
export class SessionAdoption {
  private readonly sessions: ShareSession[] = [];
  private aborted = false;

  constructor(
    private readonly node: SilentNode,
    private readonly options: AdoptionOptions,
  ) {}

  /** Empties every session of the node; marks the node gone when all ended, else gives the claim back. */
  async run(): Promise<AdoptionOutcome> {
    const { node, options } = this;
    const results = await Promise.all(
      Array.from({ length: node.sessions }, (_, index) => this.adoptOne(index)),
    );
    const outcome: AdoptionOutcome = {
      ended: results.filter(Boolean).length,
      left: results.filter((ended) => !ended).length,
      messages: this.sessions.reduce((sum, session) => sum + session.acknowledged, 0),
      redelivered: this.sessions.reduce((sum, session) => sum + session.redelivered, 0),
    };
    await options.registry
      .release(node.nodeId, options.self, outcome.left === 0, options.silentMs)
      .catch((error) => options.log.warn({ err: error }, 'MQTT: could not record a session takeover'));
    return outcome;
  }

  /** Stops taking over: the sessions go back to the broker unended (the node's restart or another survivor). */
  async abort(): Promise<void> {
    this.aborted = true;
    await Promise.all(this.sessions.map((session) => session.leave()));
  }

  private async adoptOne(index: number): Promise<boolean> {
    const { node, options } = this;
    // A node that came back holds its sessions again: taking one would cut it off.
    const silent = await options.registry.stillSilent(node.nodeId, options.silentMs).catch(() => false);
    if (this.aborted || !silent) return false;
    const session = new ShareSession({
      url: options.url,
      clientId: options.clientIdOf(node.nodeId, index),
      filter: options.filterOf(node.shareGroup),
      subscribe: false,
      sessionExpiryS: options.sessionExpiryS,
      reconnect: false,
      handle: options.handle,
      ...(options.onAcknowledged ? { onAcknowledged: options.onAcknowledged } : {}),
      log: options.log,
    });
    this.sessions.push(session);
    try {
      await session.ready;
    } catch (error) {
      options.log.warn(
        { err: error, node: node.nodeId },
        'MQTT: could not reach a silent node’s broker session',
      );
      session.halt();
      return false;
    }
    if (this.aborted) return false;
    return session.handOver(options.deadline);
  }
}
