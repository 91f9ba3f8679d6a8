/** The one shape every transport has, so the fleet schedules readings without knowing the protocol. */
import type { DeviceAck, DeviceCommand } from '@ferrite/contracts';
import type { SimulatedGateway } from '../gateway';
import type { Reading } from '../values';

/** Where a fleet reaches Ferrite. */
export interface Endpoints {
  /** Ferrite's base URL: HTTP ingest, and relative firmware links. */
  url: string;
  mqttUrl: string;
  coapUrl: string;
}

/** What a device does when the server pushes to it (MQTT) or when its connection fails later. */
export interface ConnectionEvents {
  onCommand(payload: unknown): void;
  onError(error: Error): void;
}

/** A heartbeat body: the server only needs the arrival, the rest helps someone reading the log. */
export interface Heartbeat {
  ts: number;
  uptime_s: number;
  firmware: string;
}

export interface DeviceConnection {
  /** Sends one message, a reading or an array of them; answers the server's problems, if any. */
  send(payload: Reading | Reading[]): Promise<string[]>;
  heartbeat(body: Heartbeat): Promise<void>;
  ack(ack: DeviceAck): Promise<void>;
  /** Polling transports (HTTP, CoAP) fetch pending commands; MQTT has them pushed instead. */
  pollCommands?(): Promise<DeviceCommand[]>;
  close(): Promise<void>;
}

export type Connect = (
  gateway: SimulatedGateway,
  endpoints: Endpoints,
  events: ConnectionEvents,
) => Promise<DeviceConnection>;
