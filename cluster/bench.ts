/**
 * bench:cluster: MQTT QoS 1 ingest through the broker into 1, 2 and 3 Ferrite nodes on one PostgreSQL,
 * points stored per second for each, and the ratio of 2 (and 3) nodes to 1 node measured in the same
 * run. Each round is a fresh cluster (cluster/src/topology.ts, no balancer: devices talk to the
 * broker) fed by simulated gateways offering more than it can store, so the figure is the cluster's
 * capacity: acknowledged points divided by the time until the last of them is stored.
 *
 * This machine has two cores for the broker, PostgreSQL, the publishers and every node, so more nodes
 * cannot add capacity here: the ratio shows what the cluster costs (shared-subscription hand-off,
 * more connections and transactions on one database), and the target is no collapse: 2 nodes ≥ 0.9×
 * of 1 node. On real hardware each node brings its own cores.
 *
 *   npm run bench:cluster            NODES=1,2 SECONDS=10 GATEWAYS=8 npm run bench:cluster
 */
import { provisionFleet, runFleet } from '@ferrite/simulator';
import { DEMO_ADMIN } from '../packages/server/src/seed/demo';
import { startCluster } from './src/topology';

const NODE_COUNTS = (process.env.NODES ?? '1,2,3').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 10);
const GATEWAYS = Number(process.env.GATEWAYS ?? 48);
/**
 * Offered load: readings a second per gateway (at most one a millisecond: a reading's time is its
 * identity, two in one millisecond are one point), readings per message, parameters per reading.
 */
const RATE = 500;
const BATCH = 10;
const PARAMS = 8;
const TARGET_RATIO = 0.9;

interface Round {
  nodes: number;
  acknowledged: number;
  stored: number;
  seconds: number;
  pointsPerSecond: number;
}

async function measure(nodes: number): Promise<Round> {
  const cluster = await startCluster({ nodes, seedDemo: true });
  try {
    const fleet = await provisionFleet({
      url: cluster.url,
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
      gateways: GATEWAYS,
      protocol: 'mqtt',
      params: PARAMS,
    });
    const sensorIds = fleet.gateways.map((gateway) => gateway.sensor_id);
    const stored = async () =>
      (
        await cluster.sql.query<{ n: number }>(
          'select count(*)::int as n from telemetry where sensor_id = any($1::uuid[])',
          [sensorIds],
        )
      ).rows[0]?.n ?? 0;
    const started = performance.now();
    const running = await runFleet({
      gateways: fleet.gateways,
      protocol: 'mqtt',
      url: cluster.url,
      mqttUrl: cluster.broker.url,
      rate: RATE,
      batch: BATCH,
      params: PARAMS,
      durationMs: SECONDS * 1000,
      maxInFlight: 1_000_000,
    });
    const sent = await running.done;
    // Until every acknowledged point is stored, or nothing more arrives for 15 s (then some were lost).
    let count = await stored();
    let lastGrowth = performance.now();
    let doneAt = performance.now();
    while (count < sent.points && performance.now() - lastGrowth < 15_000) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await stored();
      if (now > count) {
        lastGrowth = performance.now();
        doneAt = lastGrowth;
      }
      count = now;
    }
    const seconds = ((count >= sent.points ? performance.now() : doneAt) - started) / 1000;
    return {
      nodes,
      acknowledged: sent.points,
      stored: count,
      seconds,
      pointsPerSecond: Math.min(count, sent.points) / seconds,
    };
  } finally {
    await cluster.close();
  }
}

const rounds: Round[] = [];
for (const nodes of NODE_COUNTS) {
  const round = await measure(nodes);
  rounds.push(round);
  console.log(
    `${nodes} node${nodes > 1 ? 's' : ''}: ${round.pointsPerSecond.toFixed(0)} points/s (${round.stored} of ${round.acknowledged} acknowledged points stored in ${round.seconds.toFixed(1)} s)`,
  );
}
const baseline = rounds.find((round) => round.nodes === 1);
if (baseline) {
  for (const round of rounds.filter((r) => r.nodes > 1)) {
    const ratio = round.pointsPerSecond / baseline.pointsPerSecond;
    const verdict = round.nodes === 2 ? (ratio >= TARGET_RATIO ? 'MET' : 'MISSED') : 'for information';
    console.log(
      `${round.nodes} nodes / 1 node: ${ratio.toFixed(2)}× (target for 2 nodes on this 2-core machine ≥ ${TARGET_RATIO}×: ${verdict})`,
    );
  }
}
const lost = rounds.filter((round) => round.stored < round.acknowledged);
if (lost.length) {
  console.log(`LOST POINTS in ${lost.map((round) => `${round.nodes}-node round`).join(', ')}`);
  process.exitCode = 1;
}
