import { describe, expect, it } from 'vitest';
import { ArgError, parseCliArgs } from './args';

const UUID = '0b6f1c52-6c1e-4c1e-9f3a-2a7d0c1b9e11';

const errorOf = (argv: string[]): string => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(ArgError);
    return (error as Error).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
};

describe('parseCliArgs', () => {
  it('defaults to the demo admin, five MQTT gateways and a local Ferrite', () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      url: 'http://localhost:8080',
      email: 'admin@ferrite.dev',
      password: 'Ferrite@2026',
      org: undefined,
      project: undefined,
      gateways: 5,
      existing: [],
      rate: 1,
      protocol: 'mqtt',
      mqttUrl: 'mqtt://localhost:1883',
      coapUrl: 'coap://localhost:5683',
      duration: undefined,
      params: 4,
      batch: 1,
      seed: 'ferrite',
    });
  });

  it('reads every option', () => {
    const options = parseCliArgs([
      '--url=http://ferrite.local:8197/',
      '--gateways',
      '50',
      '--rate',
      '0.5',
      '--protocol',
      'CoAP',
      '--coap-url',
      'coap://127.0.0.1:15697',
      '--mqtt-url',
      'mqtts://broker:8883',
      '--duration',
      '20',
      '--params',
      '12',
      '--batch',
      '10',
      '--seed',
      'night shift',
      '--org',
      'Demo Plant',
      '--project',
      'Line 2',
      '--email',
      'me@plant.io',
      '--password',
      'secret',
    ]);
    expect(options).toMatchObject({
      url: 'http://ferrite.local:8197',
      gateways: 50,
      rate: 0.5,
      protocol: 'coap',
      coapUrl: 'coap://127.0.0.1:15697',
      mqttUrl: 'mqtts://broker:8883',
      duration: 20,
      params: 12,
      batch: 10,
      seed: 'night shift',
      org: 'Demo Plant',
      project: 'Line 2',
      email: 'me@plant.io',
      password: 'secret',
    });
  });

  it('takes existing gateways as uuid:token, keeping colons inside the token', () => {
    const options = parseCliArgs([
      '--gateway',
      `${UUID}:abc:def`,
      '--gateway',
      `${UUID.replace('0b', '1c')}:t2`,
    ]);
    expect(options.existing).toEqual([
      { uuid: UUID, token: 'abc:def' },
      { uuid: UUID.replace('0b', '1c'), token: 't2' },
    ]);
  });

  it.each([
    [['--bogus'], 'Unknown option "--bogus"'],
    [['--rate'], '--rate needs a value'],
    [['--rate', '0'], '--rate must be a number above 0'],
    [['--rate', 'fast'], '--rate must be a number above 0'],
    [['--rate', '-3'], '--rate needs a value'],
    [['--gateways', '0'], '--gateways must be a whole number from 1 to 1000, not "0"'],
    [['--gateways', '2.5'], '--gateways must be a whole number'],
    [['--params', '13'], '--params must be a whole number from 1 to 12, not "13"'],
    [['--batch', '0'], '--batch must be a whole number from 1 to 1000'],
    [['--duration', 'forever'], '--duration must be a number above 0'],
    [['--protocol', 'amqp'], '--protocol must be mqtt, http or coap, not "amqp"'],
    [['--url', 'localhost:8080'], '--url must start with http:// or https://'],
    [['--url', 'not a url'], '--url must be a URL like http://host:port'],
    [['--mqtt-url', 'http://localhost:1883'], '--mqtt-url must start with mqtt://'],
    [['--coap-url', 'udp://localhost'], '--coap-url must start with coap://'],
    [['--gateway', 'gw-1:token'], '"gw-1" is not a uuid'],
    [['--gateway', UUID], `--gateway ${UUID} has no access token`],
    [['--gateway', `${UUID}:a`, '--gateway', `${UUID}:b`], 'names the same gateway twice'],
    [['--gateway', `${UUID}:a`, '--gateways', '3'], 'give one or the other'],
    [['--org', ''], '--org needs a value'],
    [['mqtt'], 'Unexpected argument "mqtt"'],
  ])('rejects %j: %s', (argv, message) => {
    expect(errorOf(argv)).toContain(message);
  });

  it('asks for help with -h', () => {
    expect(parseCliArgs(['-h']).help).toBe(true);
  });
});
