/** The transport of each protocol. */
import type { SimulatorProtocol } from '../gateway';
import { connectCoap } from './coap';
import { connectHttp } from './http';
import { connectMqtt } from './mqtt';
import type { Connect } from './types';

export const CONNECTORS: Record<SimulatorProtocol, Connect> = {
  mqtt: connectMqtt,
  http: connectHttp,
  coap: connectCoap,
};
