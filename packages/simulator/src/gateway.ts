/** What the simulator needs to know about a gateway to speak for it. */
import type { Gateway } from '@ferrite/contracts';
import type { ParameterProfile } from './parameters';

export const SIMULATOR_PROTOCOLS = ['mqtt', 'http', 'coap'] as const;
export type SimulatorProtocol = (typeof SIMULATOR_PROTOCOLS)[number];

/** A gateway's identity as the API answers it, plus the access token shown once at creation. */
export type SimulatedGateway = Pick<Gateway, 'uuid' | 'name' | 'topic' | 'client_id' | 'username'> & {
  access_token: string;
  /** The sensor its readings feed, when the simulator created both (to look the data up). */
  sensor_id?: string;
  /**
   * What keeps its values apart from other gateways of the same seed (with its field names); default:
   * its place in the fleet. A stable key (its name) gives the same values in any fleet, in any order.
   */
  valueKey?: string;
  /** Its own payload fields (a gateway wired to several sensors); default: the fleet's `params`. */
  profiles?: readonly ParameterProfile[];
  /** Its own readings per second and readings per message; default: the fleet's `rate` and `batch`. */
  rate?: number;
  batch?: number;
  /** The firmware version its heartbeats report until an update installs another (default 1.0.0). */
  firmware?: string;
};

/**
 * A gateway known only by uuid and token, with the identity the server gives a gateway created
 * without explicit topic, client id or user name (see gatewayBodySchema).
 */
export function gatewayFromToken(uuid: string, accessToken: string, name = `Gateway ${uuid.slice(0, 8)}`) {
  const clientId = `gw-${uuid.replace(/-/g, '').slice(0, 12)}`;
  return {
    uuid,
    name,
    topic: `ferrite/${uuid}`,
    client_id: clientId,
    username: clientId,
    access_token: accessToken,
  } satisfies SimulatedGateway;
}
