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
  /**
   * Forgets what the transports cached about a gateway (credentials, topic, mappings) and brings an
   * external broker's account of it in step. Call after the write committed; `issuedToken` is the
   * plaintext token a creation or rotation just issued (the only moment a broker can be given it; never
   * stored or logged). Resolves once every listener is done; never rejects.
   */
  gatewayChanged(gatewayId: string, issuedToken?: string): Promise<void>;
}

/** A listener may answer a promise to be waited for (the broker credentials do). */
export type GatewayChangeListener = (gatewayId: string, issuedToken?: string) => unknown;

/** Listeners of gatewayChanged and the MQTT pusher register here once the transports start. */
export class DeviceLinkHub implements DeviceLink {
  private pusher: ((target: CommandTarget, command: DeviceCommand) => Promise<boolean>) | null = null;
  private readonly changeListeners = new Set<GatewayChangeListener>();

  pushCommand(target: CommandTarget, command: DeviceCommand): Promise<boolean> {
    if (target.protocol !== 'MQTT' || !this.pusher) return Promise.resolve(false);
    return this.pusher(target, command);
  }

  async gatewayChanged(gatewayId: string, issuedToken?: string): Promise<void> {
    const waits: Promise<unknown>[] = [];
    for (const listener of this.changeListeners) {
      try {
        const result = listener(gatewayId, issuedToken);
        if (result instanceof Promise) waits.push(result);
      } catch {
        // A listener's failure is its own to report; the others still hear of the change.
      }
    }
    await Promise.allSettled(waits);
  }

  /** The MQTT transport installs how commands reach its devices. */
  setPusher(pusher: ((target: CommandTarget, command: DeviceCommand) => Promise<boolean>) | null): void {
    this.pusher = pusher;
  }

  onGatewayChanged(listener: GatewayChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }
}
