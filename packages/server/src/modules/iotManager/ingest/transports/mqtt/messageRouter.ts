/**
 * What an MQTT message from a gateway means, whichever broker carried it: telemetry is stored
 * (resolving once durable, so the caller may acknowledge), heartbeats mark presence, acks move
 * commands along. Shared by the embedded broker and the external-broker subscriber.
 */
import { setImmediate } from 'node:timers/promises';
import type { DeviceCommands } from '../../deviceCommands';
import type { IngestGateway } from '../../gatewayDirectory';
import type { Delivery, IngestService } from '../../ingestService';
import type { TopicRole } from './topics';

/** Handles one message in its role; rejects only when telemetry could not be stored. */
export async function routeGatewayMessage(
  ingest: IngestService,
  deviceCommands: DeviceCommands,
  gateway: IngestGateway,
  role: TopicRole,
  payload: Buffer,
  delivery?: Delivery,
): Promise<void> {
  switch (role) {
    case 'telemetry':
      // A broker hands over many messages in one turn of the event loop, and parsing and mapping them
      // runs on promises alone: without this turn an API request would wait behind all of them.
      await setImmediate();
      await ingest.telemetry(gateway, payload, 'mqtt', delivery);
      return;
    case 'heartbeat':
      ingest.heartbeat(gateway, payload.length > 0 ? payload : null, 'mqtt');
      return;
    case 'ack':
      ingest.presence.touch(gateway);
      await deviceCommands.acknowledge(gateway, payload, 'mqtt');
      return;
    case 'commands':
      // Our own command publications echoed back by an external broker.
      return;
  }
}
