/**
 * The load side of bench:ingest, on its own thread so the server's event loop only carries the server.
 * Plain JavaScript (no loader needed in a worker). Three roles, chosen by workerData.role:
 * - 'publish': gateways as MQTT clients, connected once and kept for the whole run as a real fleet
 *   stays connected. For each 'plan' every payload is built (device-side JSON work is not the
 *   server's cost) and 'ready' answered; on 'go' each client publishes its messages at QoS 1 with a
 *   small window of unacknowledged ones, and the thread reports when the last PUBACK arrived.
 * - 'probe': an API user: on each 'start' (after one unrecorded round the first time) GETs the given
 *   paths one after another over keep-alive HTTP until 'stop', and reports every latency.
 * - 'http': devices posting one reading each to POST /api/ingest/{uuid} from `concurrency` keep-alive
 *   loops for `seconds`; reports requests, points and latencies.
 * The publisher and the probe live for the whole run, the warm-up included: V8 compiles their code
 * during the warm-up, not on the cores the measured rounds need (a new thread each round compiled
 * for hundreds of milliseconds inside the round's window).
 * Times cross threads as wall-clock milliseconds with sub-ms precision (timeOrigin + now()).
 * HTTP goes through node:http with kept-alive connections, not fetch: fetch cost the probe about 2 ms of
 * CPU a call here (web streams, abort signals), on a core the server under test needs (the same reason
 * as bench/keepAliveGet.ts, which a worker without a TypeScript loader cannot import).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { connect } from 'mqtt';

const now = () => performance.timeOrigin + performance.now();

/** Messages from the bench, in order; `nextMessage()` resolves with the next one. */
const inbox = [];
const waiters = [];
parentPort.on('message', (message) => {
  const waiter = waiters.shift();
  if (waiter) waiter(message);
  else inbox.push(message);
});
function nextMessage() {
  return inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((resolve) => waiters.push(resolve));
}

/**
 * The CPU seconds this thread has used (utime + stime of /proc/thread-self/stat, in USER_HZ ticks of
 * 1/100 s), or null off Linux: the bench reports what its own load took from the machine. The same
 * reading as bench/cpuAccounting.ts, which this plain-JavaScript worker cannot import.
 */
function threadCpuSeconds() {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A small deterministic generator (mulberry32), so runs send the same values. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One client's messages: `messages` JSON arrays of `readings` readings, each `{ts, <sensor>: {<param>:
 * value, …}, …}`, readings `intervalMs` apart from `t0`. Values wander around a level per parameter.
 */
function buildPayloads(client, job, index) {
  const next = random(index + 1);
  const levels = client.sensors.map(() => job.params.map(() => 20 + next() * 60));
  const payloads = [];
  let ts = job.t0;
  for (let m = 0; m < job.messages; m++) {
    const readings = [];
    for (let r = 0; r < job.readings; r++, ts += job.intervalMs) {
      let reading = `{"ts":${ts}`;
      client.sensors.forEach((sensor, s) => {
        const values = job.params.map((param, p) => {
          levels[s][p] += (next() - 0.5) * 0.4;
          return `"${param}":${levels[s][p].toFixed(2)}`;
        });
        reading += `,"${sensor}":{${values.join(',')}}`;
      });
      readings.push(`${reading}}`);
    }
    payloads.push(Buffer.from(`[${readings.join(',')}]`));
  }
  return payloads;
}

function connectClient(url, client) {
  const mqtt = connect(url, {
    clientId: client.clientId,
    username: client.username,
    password: client.password,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  return new Promise((resolve, reject) => {
    mqtt.once('connect', () => resolve(mqtt));
    mqtt.once('error', reject);
  });
}

/** The fleet's connections, then one round per 'plan' until 'close'. */
async function publisher(fleet) {
  const connections = await Promise.all(fleet.clients.map((client) => connectClient(fleet.mqttUrl, client)));
  parentPort.postMessage({ type: 'connected' });
  for (let message = await nextMessage(); message.type === 'plan'; message = await nextMessage()) {
    if (!(await publishRound(fleet, connections, message))) return;
  }
  await Promise.all(connections.map((mqtt) => mqtt.endAsync()));
  parentPort.postMessage({ type: 'closed' });
}

/** One round of `plan`: payloads built, 'ready', then on 'go' every message published; false if it failed. */
async function publishRound(fleet, connections, plan) {
  const payloads = fleet.clients.map((client, index) => buildPayloads(client, plan, index));
  const bytes = payloads.flat().reduce((sum, payload) => sum + payload.length, 0);
  parentPort.postMessage({ type: 'ready', bytes });
  await nextMessage();
  const cpuAtGo = threadCpuSeconds();
  const pubackMs = [];
  let acked = 0;
  const run = async (mqtt, client, list) => {
    let sent = 0;
    const one = async () => {
      while (sent < list.length) {
        const payload = list[sent++];
        const started = now();
        await mqtt.publishAsync(client.topic, payload, { qos: 1 });
        pubackMs.push(now() - started);
        acked++;
      }
    };
    await Promise.all(Array.from({ length: fleet.inflight }, one));
  };
  try {
    await Promise.all(connections.map((mqtt, i) => run(mqtt, fleet.clients[i], payloads[i])));
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    return false;
  }
  const cpuS = cpuAtGo === null ? null : threadCpuSeconds() - cpuAtGo;
  parentPort.postMessage({ type: 'done', ackedAt: now(), acked, pubackMs, cpuS });
  return true;
}

/**
 * A client of `baseUrl` that keeps up to `connections` connections alive; `send(method, path, headers,
 * body)` resolves with the answer's status and body text.
 */
function keepAliveClient(baseUrl, connections) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(baseUrl);
  return (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const call = request({ host: hostname, port, method, path, agent, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      call.on('error', reject);
      call.end(body);
    });
}

/** The API user: a round of GETs per 'start' … 'stop'. */
async function prober(job) {
  const send = keepAliveClient(job.url, 1);
  const headers = { authorization: `Bearer ${job.token}` };
  // One unrecorded round first: a new thread's first request loads and compiles the HTTP client and
  // opens its connection, which is this client's cost, not the server's latency.
  for (const path of job.paths) await send('GET', path, headers);
  parentPort.postMessage({ type: 'connected' });
  while ((await nextMessage()).type === 'start') {
    if (!(await probeRound(job, send, headers))) return;
  }
}

/** GETs until 'stop', then reports their latencies; false if one failed. */
async function probeRound(job, send, headers) {
  const latencies = [];
  let stopped = false;
  nextMessage().then(() => {
    stopped = true;
  });
  parentPort.postMessage({ type: 'ready' });
  const cpuAtReady = threadCpuSeconds();
  for (let i = 0; !stopped; i++) {
    const path = job.paths[i % job.paths.length];
    const started = now();
    const { status } = await send('GET', path, headers);
    latencies.push(now() - started);
    if (status !== 200) {
      parentPort.postMessage({ type: 'failed', message: `GET ${path} answered ${status}` });
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, job.pauseMs));
  }
  const cpuS = cpuAtReady === null ? null : threadCpuSeconds() - cpuAtReady;
  parentPort.postMessage({ type: 'done', latencies, cpuS });
  return true;
}

/** One reading of every sensor's parameters at `ts`, as JSON. */
function readingJson(gateway, params, ts, next) {
  let reading = `{"ts":${ts}`;
  for (const sensor of gateway.sensors) {
    reading += `,"${sensor}":{${params.map((param) => `"${param}":${(20 + next() * 60).toFixed(2)}`).join(',')}}`;
  }
  return `${reading}}`;
}

async function httpIngest(job) {
  const next = random(7);
  /** Per gateway, the next reading's number: times never repeat across the loops sharing it. */
  const counters = job.gateways.map(() => 0);
  const latencies = [];
  let points = 0;
  let failures = 0;
  let lastFailure = '';
  const send = keepAliveClient(job.url, job.concurrency);
  parentPort.postMessage({ type: 'ready' });
  await nextMessage();
  const started = now();
  const until = started + job.seconds * 1000;
  const loop = async (index) => {
    const g = index % job.gateways.length;
    const gateway = job.gateways[g];
    const headers = { authorization: `Bearer ${gateway.token}`, 'content-type': 'application/json' };
    while (now() < until) {
      const ts = job.t0 + counters[g]++ * job.intervalMs;
      const body = readingJson(gateway, job.params, ts, next);
      const sent = now();
      const { status, text } = await send('POST', `/api/ingest/${gateway.uuid}`, headers, body);
      latencies.push(now() - sent);
      if (status >= 200 && status < 300) points += JSON.parse(text).accepted;
      else {
        failures++;
        lastFailure = `${status} ${text.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, (_, i) => loop(i)));
  parentPort.postMessage({
    type: 'done',
    ms: now() - started,
    requests: latencies.length,
    points,
    failures,
    lastFailure,
    latencies,
  });
}

if (workerData.role === 'publish') await publisher(workerData);
else if (workerData.role === 'http') await httpIngest(workerData);
else await prober(workerData);
