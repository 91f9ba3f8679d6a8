/**
 * The MQTT share moves with real server processes on one PostgreSQL database (the PostgreSQL pass only)
 * reading a private Mosquitto (its default queue limit, 1,000 messages a session): while a device
 * publishes QoS 1 at a steady rate, one of two nodes is killed (SIGKILL) and a survivor takes its
 * sessions over, it restarts, a third node joins, and one stops (SIGTERM) handing its share over.
 * Every reading the broker acknowledged to the device is stored, once; the counts are printed.
 */
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerNode, startServerNode } from '../../../testing/serverNode';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type PrivateMosquitto, startPrivateMosquitto } from './privateMosquitto';
import { type GatewayFixture, gatewayFixture, storedCounts } from './testSupport';

let platform: TestPlatform;
let broker: PrivateMosquitto;
let gw: GatewayFixture;
const nodes: ServerNode[] = [];
const started = Date.now();
const timeline: string[] = [];
const mark = (what: string) => timeline.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`);

beforeAll(async () => {
  [platform, broker] = await Promise.all([createTestPlatform(), startPrivateMosquitto({ anonymous: true })]);
  // Readings without a time of their own (stored at their arrival): a second delivery would be a second row.
  gw = await gatewayFixture(platform);
}, 60_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => stop(node, 'SIGKILL')));
  await broker?.stop();
  await platform?.close();
  console.log(`MQTT share across processes:\n  ${timeline.join('\n  ')}`);
});

/** Starts a server process reading devices through the private broker; resolves once it is ready. */
async function startNode(name: string): Promise<ServerNode> {
  const node = await startServerNode({
    name,
    databaseUrl: platform.database.url,
    keepOutput: 50_000,
    env: { MQTT_URL: `mqtt://${broker.host}:${broker.port}` },
  });
  nodes.push(node);
  return node;
}

/** A node's log line with this message, as JSON (null when it has none). */
function logLine(node: ServerNode, message: string): Record<string, unknown> | null {
  const line = node
    .output()
    .split('\n')
    .find((text) => text.includes(`"msg":"MQTT: ${message}"`));
  return line ? JSON.parse(line) : null;
}

function stop(node: ServerNode, signal: NodeJS.Signals): Promise<void> {
  const { child } = node;
  // It ended before it was told to: say why.
  if ((child.exitCode !== null || child.signalCode !== null) && signal !== 'SIGKILL')
    console.log(`${node.name} had exited (${child.exitCode}):\n${node.output().slice(-4000)}`);
  return node.stop(signal);
}

/** The registry row of a node, as the survivors see it. */
async function registryRow(name: string) {
  const { rows } = await sql<{ gone: boolean; adopted_by: string | null }>`
    select gone_at is not null as gone, adopted_by from cluster_nodes where node_id = ${name}`.execute(
    platform.database.db,
  );
  return rows[0];
}

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the MQTT share across server processes on one PostgreSQL database', () => {
  it('loses nothing and stores nothing twice through a kill, a restart, a scale-out and a stop', async () => {
    const [a, b] = await Promise.all([startNode('share-a'), startNode('share-b')]);
    mark('nodes A and B ready');
    const device = await mqtt.connectAsync(`mqtt://${broker.host}:${broker.port}`, {
      clientId: 'share-device',
      protocolVersion: 5,
    });
    const counts = { sent: 0, acknowledged: 0 };
    let publishing = true;
    const errors: Error[] = [];
    // One reading every 4 ms (250 a second), each acknowledged by the broker.
    const timer = setInterval(() => {
      if (!publishing) return;
      const n = counts.sent++;
      device.publish(gw.topic, JSON.stringify({ temp: n }), { qos: 1 }, (error) => {
        if (error) errors.push(error);
        else counts.acknowledged += 1;
      });
    }, 4);
    try {
      await until(() => counts.acknowledged >= 500, 10_000);
      const killedAt = Date.now();
      await stop(b, 'SIGKILL');
      mark(`node B killed (SIGKILL) at ${counts.acknowledged} acknowledged`);
      expect(await until(async () => (await registryRow('share-b'))?.gone === true, 15_000)).toBe(true);
      const takeoverMs = Date.now() - killedAt;
      await until(() => logLine(a, 'took over a silent node’s broker sessions') !== null, 5_000);
      const takeover = logLine(a, 'took over a silent node’s broker sessions');
      mark(
        `node A took node B's sessions over (${takeoverMs} ms after the kill): ${JSON.stringify(takeover)}`,
      );
      const [b2, c] = await Promise.all([startNode('share-b'), startNode('share-c')]);
      mark(`node B restarted and node C joined at ${counts.acknowledged} acknowledged`);
      await until(() => counts.acknowledged >= counts.sent - 10 && counts.sent > 0, 1_000);
      const stopping = Date.now();
      await stop(b2, 'SIGTERM');
      const stopMs = Date.now() - stopping;
      const handover = logLine(b2, 'left the shared subscription');
      if (!handover) console.log(`node B's output:\n${b2.output().slice(-4000)}`);
      mark(`node B stopped (SIGTERM) in ${stopMs} ms: ${JSON.stringify(handover)}`);
      await new Promise((r) => setTimeout(r, 1_000));
      publishing = false;
      await until(() => counts.acknowledged + errors.length >= counts.sent, 10_000);
      const total = counts.acknowledged;
      await until(async () => (await storedCounts(platform, gw.sensorId)).rows >= total, 20_000);
      const stored = await storedCounts(platform, gw.sensorId);
      const result = {
        sent: counts.sent,
        acknowledged: counts.acknowledged,
        stored: stored.rows,
        lost: counts.acknowledged - stored.rows,
        duplicated: stored.duplicated,
      };
      mark(`counts ${JSON.stringify(result)}`);
      expect(errors).toEqual([]);
      expect(handover).toMatchObject({ handedOver: true });
      expect(takeoverMs).toBeLessThan(10_000);
      expect(result).toMatchObject({ sent: total, stored: total, lost: 0, duplicated: 0 });
      await Promise.all([stop(a, 'SIGTERM'), stop(c, 'SIGTERM')]);
    } finally {
      clearInterval(timer);
      await device.endAsync();
    }
  }, 90_000);
});
