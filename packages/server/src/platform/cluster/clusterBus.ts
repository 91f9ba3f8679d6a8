/**
 * The cluster bus: small messages every node hears, for what a node remembers on its own (callers,
 * gateways) and must forget the moment another node changes it. PostgreSQL LISTEN/NOTIFY when the
 * database is PostgreSQL (postgresBus.ts), in-process delivery on PGlite, which is one process
 * (localBus.ts). Delivery is at most once per node and not durable: a node that lost its connection is
 * told so (`missed`) when it is back, and forgets everything the lost messages could have said.
 */

/** What a subscriber hears. */
export interface BusDelivery {
  payload: unknown;
  /** This node sent it: the sender has acted on it already, if it wished (delivered once all the same). */
  local: boolean;
}

export interface BusSubscriber {
  /** One message on the channel; never throws into the bus (a throw is caught and logged). */
  message(delivery: BusDelivery): void;
  /** The bus was cut off from the other nodes for a while: messages in between may be lost. */
  missed?(): void;
}

export interface ClusterBus {
  /**
   * Sends a JSON payload (at most MAX_PAYLOAD_BYTES as JSON) to every node's subscribers of the
   * channel, this node's included (before it resolves). Resolves once the other nodes can hear it
   * (handed to the database); never rejects: a failure is logged, and the receivers' caches expire
   * on their own a little later.
   */
  publish(channel: BusChannel, payload: unknown): Promise<void>;
  /** Listens on a channel; answers the function that stops listening. */
  subscribe(channel: BusChannel, subscriber: BusSubscriber): () => void;
  /** Stops listening and sending. */
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY takes under 8,000 bytes; the envelope needs a few dozen. */
export const MAX_PAYLOAD_BYTES = 7_000;

/** Channel names: lower-case words (a PostgreSQL identifier as is, no quoting needed). */
export type BusChannel = `ferrite_${string}`;
const CHANNEL = /^ferrite_[a-z_]{1,40}$/;

/** Throws on a channel name PostgreSQL could not listen to unquoted (a mistake in the caller). */
export function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Cluster bus: bad channel name ${channel}`);
}

/** The payload as JSON text, after checking the channel name and the size (a mistake in the caller). */
export function encodePayload(channel: string, payload: unknown): string {
  checkChannel(channel);
  const text = JSON.stringify(payload ?? null);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
    throw new Error(`Cluster bus: a message on ${channel} is over ${MAX_PAYLOAD_BYTES} bytes`);
  }
  return text;
}

/** Subscribers by channel, with delivery that keeps one subscriber's throw from the others. */
export class Subscribers {
  private readonly byChannel = new Map<string, Set<BusSubscriber>>();

  constructor(private readonly onError: (error: unknown, channel: string) => void) {}

  /** Adds one; answers whether it is the channel's first (a new LISTEN). */
  add(channel: string, subscriber: BusSubscriber): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(subscriber);
    return first;
  }

  /** Removes one; answers whether the channel has none left. */
  remove(channel: string, subscriber: BusSubscriber): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(subscriber)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  get channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, delivery: BusDelivery): void {
    for (const subscriber of this.byChannel.get(channel) ?? []) {
      try {
        subscriber.message(delivery);
      } catch (error) {
        this.onError(error, channel);
      }
    }
  }

  missed(): void {
    for (const [channel, set] of this.byChannel) {
      for (const subscriber of set) {
        try {
          subscriber.missed?.();
        } catch (error) {
          this.onError(error, channel);
        }
      }
    }
  }
}
