/**
 * The cluster bus over PostgreSQL's LISTEN/NOTIFY: one connection of its own per node listens (and
 * sends, so a message never waits for a pool busy with ingest); `pg_notify` reaches every listening
 * node within a round trip (through the pool while that connection is down). Lost connections come back with backoff, and subscribers are then told
 * that messages may have been missed. A node hears its own messages at once, in publish, and skips
 * their echo from the database (exactly once per node).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import {
  type BusChannel,
  type BusSubscriber,
  type ClusterBus,
  checkChannel,
  encodePayload,
  Subscribers,
} from './clusterBus';

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;
/** Every message starts with its sender's id and a space (a uuid: fixed length). */
const ORIGIN_LENGTH = 36;

export class PostgresBus implements ClusterBus {
  private readonly origin = randomUUID();
  private readonly subscribers: Subscribers;
  /** The connection that listens, once connected (null while it reconnects). */
  private client: pg.Client | null = null;
  /** The connection's queries, one after another (pg queues them too, but deprecates relying on it). */
  private turn: Promise<unknown> = Promise.resolve();
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly log: Logger,
    private readonly pool: Db | null,
  ) {
    this.subscribers = new Subscribers((error, channel) =>
      log.error({ err: error, channel }, 'Cluster bus: a subscriber failed'),
    );
  }

  /** Connects the listening connection (a failure stops start-up: the database is not reachable). */
  static async open(url: string, log: Logger, pool: Db | null = null): Promise<PostgresBus> {
    const bus = new PostgresBus(url, log, pool);
    await bus.use(await bus.connect());
    return bus;
  }

  async publish(channel: BusChannel, payload: unknown): Promise<void> {
    const text = encodePayload(channel, payload);
    this.subscribers.deliver(channel, { payload: JSON.parse(text), local: true });
    const message = `${this.origin} ${text}`;
    try {
      if (this.client) await this.inTurn(this.client, 'select pg_notify($1, $2)', [channel, message]);
      // While its own connection comes back, through the pool (this node hears again once back).
      else if (this.pool) await sql`select pg_notify(${channel}, ${message})`.execute(this.pool);
      else throw new Error('The cluster bus is not connected');
    } catch (error) {
      this.log.warn(
        { err: error, channel },
        'Cluster bus: could not send; other nodes learn of this change when their caches expire',
      );
    }
  }

  subscribe(channel: BusChannel, subscriber: BusSubscriber): () => void {
    checkChannel(channel);
    if (this.subscribers.add(channel, subscriber)) void this.command(`listen ${channel}`);
    return () => {
      if (this.subscribers.remove(channel, subscriber)) void this.command(`unlisten ${channel}`);
    };
  }

  /** Resolves once the LISTENs asked for so far are in place (tests: a message sent after it is heard). */
  async listening(): Promise<void> {
    if (this.client) await this.inTurn(this.client, 'select 1');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: 'ferrite-bus',
    });
    client.on('notification', (notification) => this.heard(notification));
    // Both may come for one loss; only the connection in use counts.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      return client;
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** Makes a connected client the bus's and listens on every channel subscribed so far. */
  private async use(client: pg.Client): Promise<void> {
    this.client = client;
    this.turn = Promise.resolve();
    await Promise.all(this.subscribers.channels.map((channel) => this.inTurn(client, `listen ${channel}`)));
  }

  private heard(notification: pg.Notification): void {
    const text = notification.payload ?? '';
    if (text.startsWith(this.origin)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(text.slice(ORIGIN_LENGTH + 1));
    } catch {
      this.log.warn({ channel: notification.channel }, 'Cluster bus: a message that is not JSON was ignored');
      return;
    }
    this.subscribers.deliver(notification.channel, { payload, local: false });
  }

  /** Runs a query on the connection once the ones before it are answered. */
  private inTurn(client: pg.Client, text: string, values?: unknown[]): Promise<unknown> {
    const run = this.turn.then(() => client.query(text, values));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async command(text: string): Promise<void> {
    try {
      if (this.client) await this.inTurn(this.client, text);
    } catch (error) {
      // The connection's loss is handled by its events; a reconnection listens again.
      this.log.warn({ err: error }, 'Cluster bus: could not change what this node listens to');
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.log.warn({ err: error }, 'Cluster bus: lost its database connection; reconnecting');
    void client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.retry) return;
    this.retry = setTimeout(async () => {
      this.retry = null;
      try {
        const client = await this.connect();
        if (this.closed) {
          await client.end().catch(() => undefined);
          return;
        }
        await this.use(client);
        this.retryMs = FIRST_RETRY_MS;
        this.log.info('Cluster bus: connected again');
        this.subscribers.missed();
      } catch (error) {
        this.log.warn({ err: error, retryInMs: this.retryMs }, 'Cluster bus: could not reconnect yet');
        this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
        // A connection lost while it was being set up has scheduled the next try already.
        if (!this.closed && !this.retry && !this.client) this.reconnectLater();
      }
    }, this.retryMs);
    this.retry.unref();
  }
}
