// Measures what oversized MQTT CONNECT packets cost a running broker: opens connections that each
// announce a CONNECT of --announce-mb megabytes and stream up to --send-mb of it, then reports the
// server's resident memory (from /proc/<pid>/status) before, right after and a while after.
// Usage: node bench/mqttConnectFlood.mjs --port 1883 --pid <server pid> [--connections 4]
//        [--announce-mb 200] [--send-mb 100] [--settle-s 5]

import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '1883' },
    pid: { type: 'string' },
    connections: { type: 'string', default: '4' },
    'announce-mb': { type: 'string', default: '200' },
    'send-mb': { type: 'string', default: '100' },
    'settle-s': { type: 'string', default: '5' },
  },
});
if (!values.pid) throw new Error('--pid <server process id> is required');
const MB = 1024 * 1024;

/** The server's resident set size in megabytes. */
function rssMb() {
  const status = readFileSync(`/proc/${values.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** MQTT's variable-length remaining-length encoding. */
function varint(n) {
  const bytes = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 128;
    bytes.push(byte);
  } while (n > 0);
  return Buffer.from(bytes);
}

/** One connection streaming an oversized CONNECT; resolves with the bytes sent and how it ended. */
function flood(announce, send) {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(values.port), values.host);
    const chunk = Buffer.alloc(MB);
    let sent = 0;
    let closedAt = null;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedAt = Date.now() - started;
      resolve({ sent, closedAfterMs: closedAt });
    });
    socket.on('connect', () => {
      // CONNECT, protocol "MQTT" level 4, clean session, keep-alive 60, then the rest is "client id".
      const head = Buffer.concat([
        Buffer.from([0x10]),
        varint(announce),
        Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 2, 0, 60]),
      ]);
      socket.write(head);
      const pump = () => {
        while (sent < send && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return socket.once('drain', pump);
        }
        // Everything sent and still open: the server holds it; give up after a pause.
        if (!socket.destroyed) setTimeout(() => socket.destroy(), 2_000);
      };
      pump();
    });
  });
}

const connections = Number(values.connections);
const before = rssMb();
console.log(`server RSS before: ${before} MB`);
const results = await Promise.all(
  Array.from({ length: connections }, () =>
    flood(Number(values['announce-mb']) * MB, Number(values['send-mb']) * MB),
  ),
);
const after = rssMb();
for (const [i, r] of results.entries())
  console.log(`connection ${i + 1}: wrote ${Math.round(r.sent / MB)} MB, closed after ${r.closedAfterMs} ms`);
console.log(`server RSS right after: ${after} MB (+${after - before} MB)`);
await new Promise((resolve) => setTimeout(resolve, Number(values['settle-s']) * 1000));
const settled = rssMb();
console.log(`server RSS ${values['settle-s']} s later: ${settled} MB (+${settled - before} MB)`);
