/**
 * One MQTT 5 connection holding one persistent broker session of the shared subscription: a node's own
 * (subscribed, reconnecting) or a silent node's, adopted to empty it (sessionAdoption.ts). A QoS 1
 * message is acknowledged only once stored.
 *
 * mqtt.js handles incoming packets one at a time and sends PUBACK when `customHandleAcks` calls back,
 * which would allow a single message in flight per connection. So the callback is answered at once
 * with a sentinel error (no PUBACK, next packet please) and PUBACK is sent by hand after the write:
 * many messages then share one database write. A PUBACK goes only on the connection its message came
 * on: after a reconnect the broker sends the message again (with DUP), and that copy is answered.
 *
 * Handing the session over (`handOver`) unsubscribes, answers everything the broker had queued or in
 * flight until it falls quiet, then ends the session (DISCONNECT with session expiry 0), so the broker
 * routes this session's share to the group's other members instead of queueing it for nobody.
 */
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/** Which delivery of which message this is: its session's client id and packet id (QoS 1), and DUP. */
export interface Received {
  clientId: string;
  packetId: number | undefined;
  redelivered: boolean;
}

/** Stores (or otherwise handles) one message; rejects when it could not be stored. */
export type ShareMessageHandler = (topic: string, payload: Buffer, received: Received) => Promise<void>;

export interface ShareSessionOptions {
  url: string;
  clientId: string;
  /** The shared subscription the session holds (unsubscribed when it is handed over). */
  filter: string;
  /** Subscribe on every connect (a node's own session), or not (an adopted one only empties itself). */
  subscribe: boolean;
  /** Subscriptions an old version left in the session that this one must not keep receiving. */
  staleFilters?: readonly string[];
  sessionExpiryS: number;
  /** Reconnect after a drop (a node's own session) or stop there (an adopted one). */
  reconnect: boolean;
  handle: ShareMessageHandler;
  /** Told once a QoS 1 message's PUBACK is sent (its packet id may then name another message). */
  onAcknowledged?(clientId: string, packetId: number): void;
  log: Logger;
}

/** MQTT 5 DISCONNECT reason: another connection took this client id's session. */
const SESSION_TAKEN_OVER = 0x8e;
const DEFERRED = new Error('ferrite: acknowledged after the write');
/** How long the broker must send nothing (with everything answered) before its queue counts as empty. */
export const QUIET_MS = 400;

export class ShareSession {
  readonly client: MqttClient;
  /** Messages received on the current connection and not acknowledged yet (the broker holds them). */
  private unanswered = 0;
  private lastReceivedAt = 0;
  /** Bumped by every connect: a PUBACK belongs to the connection its message came on. */
  private generation = 0;
  private halted = false;
  private closing = false;
  /** True once the broker gave the session to another connection with this client id. */
  takenOver = false;
  /** Whether the broker still held a session for this client id at the first connect. */
  sessionPresent = false;
  /** Messages acknowledged (stored, or not telemetry). */
  acknowledged = 0;
  /** Messages the broker sent again (DUP: an earlier delivery went unacknowledged). */
  redelivered = 0;
  /** Resolves once connected (and subscribed, for a node's own session); rejects on a refused first connect. */
  readonly ready: Promise<void>;

  constructor(private readonly options: ShareSessionOptions) {
    const clientOptions: IClientOptions = {
      protocolVersion: 5,
      clientId: options.clientId,
      clean: false,
      properties: { sessionExpiryInterval: options.sessionExpiryS, receiveMaximum: 1000 },
      reconnectPeriod: options.reconnect ? 1000 : 0,
      // Subscribed by hand on every connect: an adopter may have unsubscribed the session meanwhile.
      resubscribe: false,
      customHandleAcks: (topic, message, packet, done) => {
        done(DEFERRED);
        void this.receive(topic, message, packet);
      },
    };
    this.client = mqtt.connect(options.url, clientOptions);
    this.client.on('error', (error) => {
      if (error !== DEFERRED && !this.halted) {
        options.log.warn(
          { err: error, clientId: options.clientId },
          'MQTT: external broker connection error',
        );
      }
    });
    this.client.on('disconnect', (packet) => {
      if (packet.reasonCode === SESSION_TAKEN_OVER) this.takenOver = true;
    });
    let first = true;
    this.ready = new Promise<void>((resolve, reject) => {
      this.client.on('connect', (connack) => {
        this.generation += 1;
        this.unanswered = 0;
        // Taken over and back again (an adopter that cut in, then our reconnect): the session is ours.
        this.takenOver = false;
        if (first) this.sessionPresent = connack.sessionPresent;
        const wasFirst = first;
        first = false;
        void this.onConnect(connack.sessionPresent).then(
          () => wasFirst && resolve(),
          (error) =>
            wasFirst ? reject(error) : options.log.warn({ err: error }, 'MQTT: could not subscribe'),
        );
      });
      this.client.once('error', (error) => error !== DEFERRED && first && reject(error));
      this.client.once('close', () => first && reject(new Error('MQTT: the broker closed the connection')));
    });
  }

  private async onConnect(sessionPresent: boolean): Promise<void> {
    const { filter, subscribe, staleFilters = [] } = this.options;
    if (sessionPresent && staleFilters.length > 0) await this.client.unsubscribeAsync([...staleFilters]);
    if (subscribe && !this.closing) await this.client.subscribeAsync(filter, { qos: 1 });
  }

  private async receive(topic: string, payload: Buffer, packet: IPublishPacket): Promise<void> {
    if (this.halted) return;
    const generation = this.generation;
    const needsAck = packet.qos > 0 && packet.messageId !== undefined;
    if (needsAck) this.unanswered += 1;
    if (packet.dup) this.redelivered += 1;
    this.lastReceivedAt = Date.now();
    let stored = true;
    try {
      await this.options.handle(topic, payload, {
        clientId: this.options.clientId,
        packetId: packet.qos > 0 ? packet.messageId : undefined,
        redelivered: packet.dup === true,
      });
    } catch (error) {
      stored = false;
      this.options.log.error(
        { err: error },
        'MQTT: could not store a message; the broker will send it again',
      );
    }
    this.lastReceivedAt = Date.now();
    if (!needsAck || this.halted || generation !== this.generation) return;
    if (!stored) {
      // Without PUBACK the broker redelivers only on a new connection: reconnect (an own session).
      if (this.options.reconnect && !this.closing) this.client.end(true, {}, () => this.client.reconnect());
      return;
    }
    // biome-ignore lint/suspicious/noExplicitAny: see the header: PUBACK is sent by hand after the write
    (this.client as any)._sendPacket({ cmd: 'puback', messageId: packet.messageId, reasonCode: 0 });
    this.unanswered -= 1;
    this.acknowledged += 1;
    this.options.onAcknowledged?.(this.options.clientId, packet.messageId as number);
  }

  /**
   * Hands the session's share to the group's other members: unsubscribes, answers what the broker
   * still sends until it is quiet, then ends the session. Resolves true when the session ended with
   * nothing unanswered; false (the session kept, for a restart or an adopter) when the connection was
   * down, the broker took the session away, or the deadline came first.
   */
  async handOver(deadline: number): Promise<boolean> {
    this.closing = true;
    this.client.options.reconnectPeriod = 0;
    try {
      if (!this.client.connected) return false;
      await withDeadline(this.client.unsubscribeAsync(this.options.filter), deadline);
      if (!(await this.quiet(deadline)) || !this.client.connected || this.takenOver) return false;
      await withDeadline(this.client.endAsync(false, { properties: { sessionExpiryInterval: 0 } }), deadline);
      return true;
    } catch {
      return false;
    } finally {
      if (!this.client.disconnected) this.client.end(true);
    }
  }

  /** Ends the connection with a plain DISCONNECT: the broker keeps the session (and queues for it). */
  async leave(): Promise<void> {
    this.closing = true;
    this.client.options.reconnectPeriod = 0;
    await this.client.endAsync().catch(() => undefined);
  }

  /** Cuts the connection as a crash would: no DISCONNECT, no further acknowledgement. */
  halt(): void {
    this.halted = true;
    this.closing = true;
    this.client.options.reconnectPeriod = 0;
    this.client.stream?.destroy();
    this.client.end(true);
  }

  /** Resolves true once everything received is answered and the broker sent nothing for QUIET_MS. */
  private async quiet(deadline: number): Promise<boolean> {
    for (;;) {
      const now = Date.now();
      const silentFor = now - this.lastReceivedAt;
      if (this.unanswered === 0 && silentFor >= QUIET_MS) return true;
      if (now >= deadline || !this.client.connected || this.takenOver) return false;
      const wait = this.unanswered === 0 ? QUIET_MS - silentFor : 20;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(wait, deadline - now))));
    }
  }
}

/** The promise, or a rejection once the deadline (epoch ms) passes. */
function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('deadline')), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
