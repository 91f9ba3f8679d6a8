/**
 * One simulated gateway: readings fall due at a steady rate, leave in batches, heartbeats and command
 * polls go out on their own clocks, and commands are answered. The fleet drives it with `tick`.
 */
import type { DeviceAck } from '@ferrite/contracts';
import { handleCommand } from './commands';
import type { SimulatedGateway } from './gateway';
import type { Counters } from './stats';
import type { DeviceConnection } from './transports/types';
import type { Reading, ReadingGenerator } from './values';

export interface DeviceSchedule {
  /** Readings per second. */
  rate: number;
  /** Readings per message; 1 sends a JSON object, more send an array. */
  batch: number;
  heartbeatMs: number;
  pollMs: number;
  maxInFlight: number;
  installMs: number;
  baseUrl: string;
}

const SEEN_COMMANDS = 1_000;

export class SimulatedDevice {
  private generated = 0;
  private pending: Reading[] = [];
  private inFlight = 0;
  private readonly work = new Set<Promise<unknown>>();
  // Nothing falls due before `start`.
  private startAt = Number.POSITIVE_INFINITY;
  private nextHeartbeatAt = Number.POSITIVE_INFINITY;
  private nextPollAt = Number.POSITIVE_INFINITY;
  private heartbeatBusy = false;
  private pollBusy = false;
  private readonly seen = new Set<string>();
  private firmware: string;

  constructor(
    readonly gateway: SimulatedGateway,
    private readonly connection: DeviceConnection,
    private readonly generator: ReadingGenerator,
    private readonly paramCount: number,
    private readonly schedule: DeviceSchedule,
    private readonly counters: Counters,
    private readonly reportError: (error: Error) => void,
  ) {
    this.firmware = gateway.firmware ?? '1.0.0';
  }

  /** Sets when the first reading falls due (epoch ms); the fleet staggers its devices. */
  start(at: number): void {
    this.startAt = at;
    this.nextHeartbeatAt = at;
    this.nextPollAt = at;
  }

  /** Does whatever fell due by `now`. */
  tick(now: number): void {
    this.generate(now);
    while (this.pending.length >= this.schedule.batch && this.inFlight < this.schedule.maxInFlight) {
      this.sendBatch(this.pending.splice(0, this.schedule.batch));
    }
    if (now >= this.nextHeartbeatAt && !this.heartbeatBusy) {
      this.nextHeartbeatAt = now + this.schedule.heartbeatMs;
      this.heartbeat(now);
    }
    if (this.connection.pollCommands && now >= this.nextPollAt && !this.pollBusy) {
      this.nextPollAt = now + this.schedule.pollMs;
      this.poll();
    }
  }

  /** A command the server pushed (MQTT) or the poll found; repeats of one id are ignored. */
  receive(payload: unknown): void {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id === 'string') {
      if (this.seen.has(id)) return;
      this.seen.add(id);
      if (this.seen.size > SEEN_COMMANDS) this.seen.delete(this.seen.values().next().value as string);
    }
    this.counters.commands++;
    this.track(
      handleCommand(payload, {
        ack: (ack) => this.ack(ack),
        baseUrl: this.schedule.baseUrl,
        installMs: this.schedule.installMs,
        onFirmwareInstalled: (version) => {
          this.firmware = version;
        },
      }),
    );
  }

  /** Sends the last partial batch, waits (at most `graceMs`) for what is in flight, disconnects. */
  async stop(graceMs: number): Promise<void> {
    // More than one batch pending means the target was not keeping up: that backlog counts as dropped.
    const last = this.pending.splice(0);
    if (last.length > this.schedule.batch) this.counters.dropped += last.length - this.schedule.batch;
    if (last.length > 0) this.sendBatch(last.slice(0, this.schedule.batch));
    const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.allSettled([...this.work]), grace]);
    await this.connection.close().catch((error: Error) => this.reportError(error));
  }

  private generate(now: number): void {
    const { rate, batch } = this.schedule;
    const startAt = this.startAt;
    if (now < startAt) return;
    const due = Math.floor(((now - startAt) * rate) / 1000) + 1;
    // After a stall (a blocked event loop, a slow target) skip ahead rather than burst.
    const cap = Math.max(batch, Math.ceil(rate * 2));
    if (due - this.generated > cap) {
      this.counters.dropped += due - this.generated - cap;
      this.generated = due - cap;
    }
    for (; this.generated < due; this.generated++) {
      this.pending.push(this.generator.next(Math.round(startAt + (this.generated * 1000) / rate)));
    }
    const maxPending = Math.max(batch * 4, Math.ceil(rate * 5));
    if (this.pending.length > maxPending) {
      this.counters.dropped += this.pending.length - maxPending;
      this.pending.splice(0, this.pending.length - maxPending);
    }
  }

  private sendBatch(readings: Reading[]): void {
    const payload = this.schedule.batch === 1 && readings.length === 1 ? readings[0]! : readings;
    this.inFlight++;
    this.track(
      this.connection.send(payload).then(
        (problems) => {
          this.counters.messages++;
          this.counters.readings += readings.length;
          this.counters.points += readings.length * this.paramCount;
          if (problems.length > 0) {
            this.counters.problems += problems.length;
            this.counters.lastProblem = `${this.gateway.name}: ${problems[0]}`;
          }
        },
        (error: Error) => this.reportError(error),
      ),
    ).finally(() => {
      this.inFlight--;
    });
  }

  private heartbeat(now: number): void {
    this.heartbeatBusy = true;
    const body = {
      ts: now,
      uptime_s: Math.max(0, Math.round((now - this.startAt) / 1000)),
      firmware: this.firmware,
    };
    this.track(
      this.connection.heartbeat(body).then(
        () => {
          this.counters.heartbeats++;
        },
        (error: Error) => this.reportError(error),
      ),
    ).finally(() => {
      this.heartbeatBusy = false;
    });
  }

  private poll(): void {
    this.pollBusy = true;
    this.track(
      this.connection.pollCommands!().then(
        (commands) => {
          for (const command of commands) this.receive(command);
        },
        (error: Error) => this.reportError(error),
      ),
    ).finally(() => {
      this.pollBusy = false;
    });
  }

  private async ack(ack: DeviceAck): Promise<void> {
    await this.connection.ack(ack);
    this.counters.acks++;
  }

  /** Keeps a promise until it settles, so `stop` can wait for it; failures are counted, never thrown. */
  private track(promise: Promise<unknown>): Promise<unknown> {
    const tracked = promise.catch((error: Error) => this.reportError(error));
    this.work.add(tracked);
    return tracked.finally(() => this.work.delete(tracked));
  }
}
