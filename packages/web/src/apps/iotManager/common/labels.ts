/** Words the IoT Manager shows for contract values. */
import type { DataType, GatewayProtocol, GatewayType } from '@ferrite/contracts';

export const DATA_TYPE_LABELS: Record<DataType, string> = {
  number: 'Number',
  integer: 'Integer',
  boolean: 'Boolean',
  string: 'Text',
};

/** What each gateway type means to someone setting one up. */
export const TYPE_HINTS: Record<GatewayType, string> = {
  MQTT: 'Devices publish to the broker on their topic',
  HTTPS: 'Devices post readings over HTTP or CoAP',
};

export const PROTOCOL_COLORS: Record<GatewayProtocol, string> = {
  MQTT: 'grape',
  HTTP: 'blue',
  CoAP: 'cyan',
};
