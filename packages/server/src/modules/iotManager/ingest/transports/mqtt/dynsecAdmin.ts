/**
 * A client of Mosquitto's dynamic-security plugin: JSON commands published on
 * `$CONTROL/dynamic-security/v1`, answers read from `$CONTROL/dynamic-security/v1/response`. The
 * response topic is shared by every admin client of the broker (other Ferrite nodes, mosquitto_ctrl),
 * so each command carries correlation data naming its request and answers to anyone else are
 * ignored. A request that gets no answer within its timeout rejects; callers retry later.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
const DEFAULT_TIMEOUT_MS = 5_000;

/** One dynamic-security command (`createClient`, `modifyRole`, …) with its fields. */
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

/** The plugin's answer to one command: `error` says why it failed, `data` holds what a get or list returns. */
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
}

export interface DynsecAdminOptions {
  /** The broker (MQTT_URL); credentials in it are replaced by the admin account's. */
  url: string;
  username: string;
  password: string;
  /** Names this connection on the broker; a random suffix keeps several nodes apart. */
  clientIdPrefix?: string;
  /** How long a request waits for its answer (default 5 s). */
  timeoutMs?: number;
  /** Where connection trouble after the first login goes (mqtt.js keeps reconnecting meanwhile). */
  log?: Pick<Logger, 'warn'>;
}

/** The broker refused the admin account (wrong user name or password, or the plugin is not loaded). */
export class DynsecLoginRefused extends Error {}

interface Waiting {
  count: number;
  resolve: (responses: DynsecResponse[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One admin connection: send commands, get their answers in order. */
export class DynsecAdmin {
  private readonly waiting = new Map<string, Waiting>();
  private readonly prefix = randomBytes(6).toString('hex');
  private sequence = 0;

  private constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs: number,
  ) {
    client.on('message', (_topic, payload) => this.receive(payload));
  }

  /** Connects and subscribes to the answers; rejects with DynsecLoginRefused when the login is refused. */
  static async connect(options: DynsecAdminOptions): Promise<DynsecAdmin> {
    const url = new URL(options.url);
    url.username = '';
    url.password = '';
    const clientOptions: IClientOptions = {
      protocolVersion: 5,
      clientId: `${options.clientIdPrefix ?? 'ferrite-dynsec'}-${randomBytes(4).toString('hex')}`,
      username: options.username,
      password: options.password,
      clean: true,
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
      // Answers come to the subscription of this connection; after a reconnect it is made again.
      resubscribe: true,
    };
    const client = mqtt.connect(url.toString(), clientOptions);
    // Always a listener: an 'error' event without one would end the process.
    client.on('error', (error) =>
      options.log?.warn({ err: error }, 'MQTT broker: dynamic-security admin connection error'),
    );
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', (error: Error & { code?: number }) =>
          reject(
            typeof error.code === 'number'
              ? new DynsecLoginRefused(
                  `The broker refused the dynamic-security admin login (MQTT_DYNSEC_USERNAME / MQTT_DYNSEC_PASSWORD): ${error.message}`,
                )
              : error,
          ),
        );
      });
      await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
    } catch (error) {
      client.end(true);
      throw error;
    }
    return new DynsecAdmin(client, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  /** Sends the commands as one request; answers one response per command, in their order. */
  execute(commands: DynsecCommand[], timeoutMs = this.timeoutMs): Promise<DynsecResponse[]> {
    if (commands.length === 0) return Promise.resolve([]);
    this.sequence += 1;
    const id = `ferrite-${this.prefix}-${this.sequence}`;
    const body = JSON.stringify({
      commands: commands.map((command) => ({ ...command, correlationData: id })),
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(id, new Error(`The dynamic-security plugin did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiting.set(id, { count: commands.length, resolve, reject, timer });
      this.client.publish(DYNSEC_TOPIC, body, { qos: 1 }, (error) => {
        if (error) this.settle(id, error);
      });
    });
  }

  /** Stops: requests still waiting reject. */
  async close(): Promise<void> {
    for (const id of [...this.waiting.keys()])
      this.settle(id, new Error('The dynamic-security client closed'));
    await this.client.endAsync();
  }

  private receive(payload: Buffer): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const responses = (parsed as { responses?: unknown }).responses;
    if (!Array.isArray(responses) || responses.length === 0) return;
    const id = (responses[0] as { correlationData?: unknown }).correlationData;
    const waiting = typeof id === 'string' ? this.waiting.get(id) : undefined;
    if (!waiting || typeof id !== 'string') return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    if (responses.length !== waiting.count) {
      waiting.reject(
        new Error(`The dynamic-security plugin answered ${responses.length} of ${waiting.count} commands`),
      );
      return;
    }
    waiting.resolve(
      responses.map((response: DynsecResponse & { correlationData?: unknown }) => {
        const { correlationData: _id, ...rest } = response;
        return rest;
      }),
    );
  }

  private settle(id: string, error: Error): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.reject(error);
  }
}
