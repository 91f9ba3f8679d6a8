/**
 * What the IoT Manager's REST side needs from the live device side, without knowing which transports
 * run: push a command to a connected gateway, and drop cached credentials and mappings after edits.
 */
import type { DeviceCommand } from '@ferrite/contracts';
import type { BusChannel, ClusterBus } from '../../../platform/cluster';

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

/** What every node remembers of gateways on its own (the gateway directory) and forgets on any node's change. */
export interface ClusterGatewayListener {
  /** A gateway changed on this node or another. */
  changed(gatewayId: string): void;
  /** Changes on other nodes may have gone unheard (the cluster bus was cut off): forget every gateway. */
  missed(): void;
}

const GATEWAY_CHANGED: BusChannel = 'ferrite_gateway_changed';

/**
 * Listeners of gatewayChanged and the MQTT pusher register here once the transports start. A change
 * reaches this node's listeners with the token it issued (the broker credentials: once, where it was
 * made) and every node's cluster listeners through the cluster bus (caches: everywhere, at once).
 */
export class DeviceLinkHub implements DeviceLink {
  private pusher: ((target: CommandTarget, command: DeviceCommand) => Promise<boolean>) | null = null;
  private readonly changeListeners = new Set<GatewayChangeListener>();
  private readonly clusterListeners = new Set<ClusterGatewayListener>();

  /** Without a bus (unit tests) changes stay on this node. */
  constructor(private readonly bus?: ClusterBus) {
    bus?.subscribe(GATEWAY_CHANGED, {
      message: ({ payload, local }) => {
        const gatewayId = (payload as { gateway?: unknown } | null)?.gateway;
        // This node's own changes reached its listeners in gatewayChanged.
        if (!local && typeof gatewayId === 'string')
          this.tellCluster((listener) => listener.changed(gatewayId));
      },
      missed: () => this.tellCluster((listener) => listener.missed()),
    });
  }

  pushCommand(target: CommandTarget, command: DeviceCommand): Promise<boolean> {
    if (target.protocol !== 'MQTT' || !this.pusher) return Promise.resolve(false);
    return this.pusher(target, command);
  }

  async gatewayChanged(gatewayId: string, issuedToken?: string): Promise<void> {
    this.tellCluster((listener) => listener.changed(gatewayId));
    const waits: Promise<unknown>[] = [];
    // Resolves once the other nodes can hear it: when the API answers, no node accepts the old token.
    if (this.bus) waits.push(this.bus.publish(GATEWAY_CHANGED, { gateway: gatewayId }));
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

  /** Hears the changes made on this node, with the token a change issued. */
  onGatewayChanged(listener: GatewayChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Hears the changes made on any node of the cluster (no token: it never leaves the node that issued it). */
  onGatewayChangedOnAnyNode(listener: ClusterGatewayListener): () => void {
    this.clusterListeners.add(listener);
    return () => this.clusterListeners.delete(listener);
  }

  private tellCluster(tell: (listener: ClusterGatewayListener) => void): void {
    for (const listener of this.clusterListeners) {
      try {
        tell(listener);
      } catch {
        // A cache that failed to forget expires on its own; the others still hear of the change.
      }
    }
  }
}
