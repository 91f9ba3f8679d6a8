/**
 * bench:alerts' latency probe: a HTTPS gateway feeding one probe sensor, and a browser's socket in
 * the organization's alerts room. Each probe posts a reading past the probe rule's threshold and times
 * it: the ingest answer (the reading is durable), the alert row (its `time`, written when it fired) and
 * the `alert.changed` event on the socket (what the bell hears); then it posts a value below, waits
 * for the alert to clear, and goes again.
 */
import {
  ALERT_SOCKET_EVENTS,
  type Alert,
  type Entity,
  type GatewayWithToken,
  SOCKET_PATH,
  type SubscribeAck,
} from '@ferrite/contracts';
import { io, type Socket } from 'socket.io-client';
import type { FerriteApi } from '../packages/simulator/src/index';
import { PROBE_PARAM, PROBE_RULE } from './alertsRules';

const now = () => performance.timeOrigin + performance.now();

export interface ProbeTarget {
  sensorId: string;
  gatewayUuid: string;
  token: string;
}

/** One fire: milliseconds from sending the reading to its durable answer, the alert row, the socket event. */
export interface ProbeSample {
  durableMs: number;
  rowMs: number;
  socketMs: number;
}

/** Creates the probe sensor (of the fleet's type, under its asset) and its HTTPS gateway with a mapping. */
export async function provisionProbe(
  api: FerriteApi,
  orgId: string,
  projectId: string,
  typeId: string,
  assetId: string,
): Promise<ProbeTarget> {
  const sensor = await api.post<Entity>(`/entity_mgmt/orgs/${orgId}/projects/${projectId}/sensors`, {
    name: 'Bench alert probe',
    type_id: typeId,
    parent_id: assetId,
  });
  const created = await api.post<GatewayWithToken>(`/iot_mgmt/orgs/${orgId}/projects/${projectId}/gateways`, {
    name: 'Bench alert probe gateway',
    type: 'HTTPS',
    protocol: 'HTTP',
    heartbeat_timeout_s: 300,
    timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
  });
  await api.post(`/iot_mgmt/orgs/${orgId}/gateways/${created.gateway.uuid}/mappings`, {
    json_path: 'v',
    sensor_id: sensor.id,
    param_key: PROBE_PARAM,
  });
  return { sensorId: sensor.id, gatewayUuid: created.gateway.uuid, token: created.access_token };
}

/** A member's socket in the organization's alerts room, handing over every alert event. */
export async function alertSocket(
  url: string,
  token: string,
  orgId: string,
  onAlert: (alert: Alert) => void,
) {
  const socket: Socket = io(url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'] });
  socket.on(ALERT_SOCKET_EVENTS.changed, onAlert);
  const ack = await new Promise<SubscribeAck>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.emit('subscribe', { kind: 'orgAlerts', orgId }, resolve);
  });
  if (!ack.ok) throw new Error(`The alerts room refused the bench: ${ack.error}`);
  return socket;
}

/** Fires and clears the probe rule until `stop()` resolves true; answers each fire's timings. */
export async function probeLatency(
  url: string,
  target: ProbeTarget,
  events: { waitFor(status: Alert['status'], since: number): Promise<{ at: number; alert: Alert }> },
  stopped: () => boolean,
): Promise<ProbeSample[]> {
  const samples: ProbeSample[] = [];
  const post = async (value: number) => {
    const response = await fetch(`${url}/api/ingest/${target.gatewayUuid}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts: Date.now(), v: value }),
    });
    if (!response.ok)
      throw new Error(`The probe's reading was refused: ${response.status} ${await response.text()}`);
  };
  while (!stopped()) {
    const sent = now();
    const fired = events.waitFor('active', sent);
    await post(1_500);
    const durable = now();
    try {
      const { at, alert } = await fired;
      samples.push({ durableMs: durable - sent, rowMs: Date.parse(alert.time) - sent, socketMs: at - sent });
    } catch {
      // Not heard within the time limit: counted as a miss at that limit, and the probe goes on.
      samples.push({
        durableMs: durable - sent,
        rowMs: Number.POSITIVE_INFINITY,
        socketMs: Number.POSITIVE_INFINITY,
      });
    }
    const cleared = events.waitFor('cleared', now());
    await post(10);
    await cleared.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return samples;
}

/** The probe rule's alert events on one sensor as promises: `waitFor(status, since)` resolves at the first such event after `since`. */
export function alertEventsOf(sensorId: string, timeoutMs = 30_000) {
  const waiting: {
    status: Alert['status'];
    since: number;
    resolve: (hit: { at: number; alert: Alert }) => void;
  }[] = [];
  return {
    hear(alert: Alert) {
      if (alert.entity?.id !== sensorId || alert.alert_rule?.rule_name !== PROBE_RULE) return;
      const at = now();
      for (const waiter of [...waiting])
        if (waiter.status === alert.status && at >= waiter.since) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve({ at, alert });
        }
    },
    waitFor(status: Alert['status'], since: number) {
      return new Promise<{ at: number; alert: Alert }>((resolve, reject) => {
        const waiter = { status, since, resolve };
        waiting.push(waiter);
        setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index < 0) return;
          waiting.splice(index, 1);
          reject(new Error(`No ${status} alert event within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
  };
}
