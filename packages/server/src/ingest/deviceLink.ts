/**
 * What the IoT Manager's REST side needs from the live device side, without knowing which transports
 * run: push a command to a connected gateway, and drop cached credentials and mappings after edits.
 */
import type { DeviceCommand } from '@ferrite/contracts';

export interface CommandTarget {
  id: string;
  orgId: string;
  protocol: string;
  topic: string;
}

export interface DeviceLink {
  /**
   * Sends a command to an MQTT gateway now. Answers true when it went out (the command is then
   * `delivered`); false leaves it `pending` for the device to poll (HTTP, CoAP) or to receive when
   * it next subscribes (MQTT).
   */
  pushCommand(target: CommandTarget, command: DeviceCommand): Promise<boolean>;
  /** Forgets what the transports cached about a gateway (credentials, topic, mappings). */
  gatewayChanged(gatewayId: string): void;
}

/** Listeners of gatewayChanged and the MQTT pusher register here once the transports start. */
export class DeviceLinkHub implements DeviceLink {
  private pusher: ((target: CommandTarget, command: DeviceCommand) => Promise<boolean>) | null = null;
  private readonly changeListeners = new Set<(gatewayId: string) => void>();

  pushCommand(target: CommandTarget, command: DeviceCommand): Promise<boolean> {
    if (target.protocol !== 'MQTT' || !this.pusher) return Promise.resolve(false);
    return this.pusher(target, command);
  }

  gatewayChanged(gatewayId: string): void {
    for (const listener of this.changeListeners) listener(gatewayId);
  }

  /** The MQTT transport installs how commands reach its devices. */
  setPusher(pusher: ((target: CommandTarget, command: DeviceCommand) => Promise<boolean>) | null): void {
    this.pusher = pusher;
  }

  onGatewayChanged(listener: (gatewayId: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }
}
