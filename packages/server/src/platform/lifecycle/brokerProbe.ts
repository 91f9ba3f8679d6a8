/**
 * Whether the external MQTT broker (MQTT_URL) answers, for GET /api/ready: one quiet connection of its
 * own (no subscription, clean session), kept open and reconnected by mqtt.js, whose state is the answer.
 * A connection per check would cost the broker a login and a log line every few seconds per node.
 */
import mqtt from 'mqtt';
import type { Logger } from 'pino';

export interface BrokerProbe {
  connected(): boolean;
  close(): Promise<void>;
}

/** Connects the probe; it reports not connected until the first CONNACK. */
export function startBrokerProbe(url: string, nodeId: string, log: Logger): BrokerProbe {
  const client = mqtt.connect(url, {
    clientId: `ferrite-ready-${nodeId}`,
    protocolVersion: 5,
    clean: true,
    keepalive: 10,
    reconnectPeriod: 2_000,
    connectTimeout: 5_000,
  });
  let lastLog = 0;
  client.on('error', (error) => {
    // Said at most once a minute: the subscriber logs the outage too.
    if (Date.now() - lastLog < 60_000) return;
    lastLog = Date.now();
    log.warn({ err: error }, 'MQTT broker: the readiness probe cannot connect');
  });
  return {
    connected: () => client.connected,
    close: async () => {
      await client.endAsync(true);
    },
  };
}
