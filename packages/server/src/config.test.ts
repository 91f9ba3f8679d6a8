import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: './data',
      databaseUrl: undefined,
      mqttPort: 1883,
      coapPort: 5683,
      brandPrimaryHost: 'localhost',
      seedDemo: true,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('logs readable lines to a terminal and JSON to anything else, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT:/);
  });

  it('seeds PostgreSQL only when SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/ferrite' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/ferrite', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('stops start-up with a message naming each bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL:/);
      expect(message).toMatch(/SECRET: SECRET must be at least 32 characters/);
    }
  });

  it('takes an optional map style URL and refuses one that is not a URL', () => {
    expect(loadConfig({}).mapStyleUrl).toBeUndefined();
    expect(loadConfig({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' }).mapStyleUrl).toBe(
      'https://tiles.example.com/style.json',
    );
    expect(() => loadConfig({ MAP_STYLE_URL: 'tiles' })).toThrow(/MAP_STYLE_URL:/);
  });

  it('announces live values once a second unless LIVE_VALUES_MS says otherwise, within 50 ms to a minute', () => {
    expect(loadConfig({}).liveValuesMs).toBe(1000);
    expect(loadConfig({ LIVE_VALUES_MS: '100' }).liveValuesMs).toBe(100);
    expect(() => loadConfig({ LIVE_VALUES_MS: '10' })).toThrow(/LIVE_VALUES_MS:/);
    expect(() => loadConfig({ LIVE_VALUES_MS: 'fast' })).toThrow(/LIVE_VALUES_MS:/);
  });

  it('names the MQTT share group after the deployment unless MQTT_SHARE_GROUP says otherwise', () => {
    const db = (url: string) => loadConfig({ DATABASE_URL: url }).mqttShareGroup;
    // Every node of one database shares one group, whatever password it signs in with; another database, another group.
    expect(db('postgres://a:one@db:5432/plant')).toBe(db('postgres://b:two@db/plant'));
    expect(db('postgres://db:5432/plant')).not.toBe(db('postgres://db:5432/other'));
    expect(db('postgres://db:5432/plant')).toMatch(/^ferrite-[0-9a-f]{12}$/);
    expect(loadConfig({ MQTT_SHARE_GROUP: 'plant_7-a' }).mqttShareGroup).toBe('plant_7-a');
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/b' })).toThrow(/MQTT_SHARE_GROUP:/);
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'x'.repeat(65) })).toThrow(/MQTT_SHARE_GROUP:/);
  });

  it('takes the dynamic-security admin account only whole and only beside MQTT_URL', () => {
    expect(loadConfig({}).mqttDynsec).toBeUndefined();
    const broker = { MQTT_URL: 'mqtt://broker:1883' };
    expect(
      loadConfig({ ...broker, MQTT_DYNSEC_USERNAME: 'admin', MQTT_DYNSEC_PASSWORD: 'pw' }).mqttDynsec,
    ).toEqual({ username: 'admin', password: 'pw' });
    expect(() => loadConfig({ MQTT_DYNSEC_USERNAME: 'admin', MQTT_DYNSEC_PASSWORD: 'pw' })).toThrow(
      /MQTT_DYNSEC_USERNAME: .*need MQTT_URL/,
    );
    expect(() => loadConfig({ ...broker, MQTT_DYNSEC_USERNAME: 'admin' })).toThrow(
      /MQTT_DYNSEC_PASSWORD: MQTT_DYNSEC_PASSWORD must be set with MQTT_DYNSEC_USERNAME/,
    );
    expect(() => loadConfig({ ...broker, MQTT_DYNSEC_PASSWORD: 'pw' })).toThrow(
      /MQTT_DYNSEC_USERNAME: MQTT_DYNSEC_USERNAME must be set with MQTT_DYNSEC_PASSWORD/,
    );
  });

  it('bounds device messages as HTTP ingest does (1 MiB), and device connections, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      mqttMaxPacketBytes: 1_048_576,
      mqttConnectTimeoutMs: 10_000,
      mqttMaxConnections: 10_000,
      mqttMaxConnectionsPerAddress: 1_000,
      coapMaxPayloadBytes: 1_048_576,
      coapBlockBufferBytes: 16_777_216,
    });
    expect(loadConfig({ MQTT_MAX_PACKET_BYTES: '65536' }).mqttMaxPacketBytes).toBe(65_536);
    expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: '10' })).toThrow(/MQTT_MAX_PACKET_BYTES:/);
    expect(() => loadConfig({ MQTT_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/MQTT_CONNECT_TIMEOUT_MS:/);
    expect(() => loadConfig({ COAP_MAX_PAYLOAD_BYTES: '0' })).toThrow(/COAP_MAX_PAYLOAD_BYTES:/);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });
});
