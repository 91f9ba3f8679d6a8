/** The cluster bus of a single process (PGlite, tests): messages go only to this process's subscribers. */
import type { Logger } from 'pino';
import {
  type BusChannel,
  type BusSubscriber,
  type ClusterBus,
  checkChannel,
  encodePayload,
  Subscribers,
} from './clusterBus';

export class LocalBus implements ClusterBus {
  private readonly subscribers: Subscribers;

  constructor(log?: Logger) {
    this.subscribers = new Subscribers((error, channel) =>
      log?.error({ err: error, channel }, 'Cluster bus: a subscriber failed'),
    );
  }

  async publish(channel: BusChannel, payload: unknown): Promise<void> {
    // Through JSON as on PostgreSQL: a subscriber never holds the sender's objects.
    const text = encodePayload(channel, payload);
    this.subscribers.deliver(channel, { payload: JSON.parse(text), local: true });
  }

  subscribe(channel: BusChannel, subscriber: BusSubscriber): () => void {
    checkChannel(channel);
    this.subscribers.add(channel, subscriber);
    return () => void this.subscribers.remove(channel, subscriber);
  }

  async close(): Promise<void> {}
}
