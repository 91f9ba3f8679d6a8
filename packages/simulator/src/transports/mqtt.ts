/**
 * MQTT: the gateway's client id, user name and access token (as password); readings on `{topic}`
 * at QoS 1, heartbeats on `{topic}/heartbeat`, commands from `{topic}/commands`, answers on
 * `{topic}/commands/ack`.
 */
import { MQTT_ACK_SUFFIX, MQTT_COMMANDS_SUFFIX, MQTT_HEARTBEAT_SUFFIX } from '@ferrite/contracts';
import { connect } from 'mqtt';
import type { Connect } from './types';

const CONNECT_TIMEOUT_MS = 10_000;

/** Connects one gateway; rejects when the broker refuses it or does not answer in time. */
export const connectMqtt: Connect = async (gateway, endpoints, events) => {
  const client = connect(endpoints.mqttUrl, {
    clientId: gateway.client_id,
    username: gateway.username,
    password: gateway.access_token,
    // 3.1.1 is what every broker speaks, the embedded one included.
    protocolVersion: 4,
    clean: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectPeriod: 2_000,
  });
  const commandsTopic = `${gateway.topic}${MQTT_COMMANDS_SUFFIX}`;

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the broker')), CONNECT_TIMEOUT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      client.once('connect', () => {
        clearTimeout(timer);
        client.off('error', fail);
        resolve();
      });
      client.once('error', fail);
    });
    await client.subscribeAsync(commandsTopic, { qos: 1 });
  } catch (error) {
    client.end(true);
    throw new Error(`MQTT connect failed: ${(error as Error).message}`);
  }

  client.on('message', (topic, payload) => {
    if (topic !== commandsTopic) return;
    try {
      events.onCommand(JSON.parse(payload.toString('utf8')));
    } catch {
      events.onError(new Error(`unreadable command on ${topic}`));
    }
  });
  // After the first connect mqtt.js reconnects by itself; errors are only worth counting.
  client.on('error', (error) => events.onError(error));

  return {
    send: async (payload) => {
      await client.publishAsync(gateway.topic, JSON.stringify(payload), { qos: 1 });
      return [];
    },
    heartbeat: async (body) => {
      await client.publishAsync(`${gateway.topic}${MQTT_HEARTBEAT_SUFFIX}`, JSON.stringify(body), { qos: 0 });
    },
    ack: async (ack) => {
      await client.publishAsync(`${gateway.topic}${MQTT_ACK_SUFFIX}`, JSON.stringify(ack), { qos: 1 });
    },
    close: async () => {
      await client.endAsync();
    },
  };
};
