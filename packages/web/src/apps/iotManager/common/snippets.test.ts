import { describe, expect, it } from 'vitest';
import { gatewayFixture } from '../testing';
import { connectionSnippets, samplePayload, TOKEN_VAR } from './snippets';

describe('connection snippets', () => {
  it('builds a sample reading from the streaming parameters and the timestamp field', () => {
    const reading = samplePayload({
      streaming_params: [
        { key: 'temp', value: 'data.temp', data_type: 'number', unit: '°C' },
        { key: 'on', value: 'relays[1]', data_type: 'boolean', unit: '-' },
      ],
      timestamp_mapping: { field: 'ts', format: 'epoch_s' },
    });
    expect(reading).toMatchObject({ data: { temp: 21.5 }, relays: [undefined, true] });
    expect(typeof reading.ts).toBe('number');
  });

  it('gives an HTTPS gateway curl and coap-client lines with the token from the shell', () => {
    const snippets = connectionSnippets(gatewayFixture());
    expect(snippets.map((s) => s.protocol)).toEqual(['HTTP', 'CoAP']);
    const http = snippets[0]?.code ?? '';
    expect(http).toContain(`-H "Authorization: Bearer $${TOKEN_VAR}"`);
    expect(http).toContain(`/api/ingest/${gatewayFixture().uuid}`);
    expect(http).toContain(`-d '{"temp":21.5,"hum":40}'`);
  });

  it('gives an MQTT gateway mosquitto lines on its topic with its client id and user name', () => {
    const gateway = gatewayFixture({
      type: 'MQTT',
      protocol: 'MQTT',
      port_info: '1883',
      topic: 'plant/line-2',
    });
    const [mqtt] = connectionSnippets(gateway);
    expect(mqtt?.code).toContain("-t 'plant/line-2' -m");
    expect(mqtt?.code).toContain("-t 'plant/line-2/heartbeat'");
    expect(mqtt?.code).toContain("-t 'plant/line-2/commands'");
    expect(mqtt?.code).toContain(`-u '${gateway.username}' -P "$${TOKEN_VAR}"`);
  });
});
