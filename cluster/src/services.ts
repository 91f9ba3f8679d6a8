/**
 * The services a cluster stands on, started as private processes on free loopback ports so a run never
 * touches the machine's own broker or Redis: Mosquitto from deploy/mosquitto.conf (rendered with this
 * run's port and folders), Redis, and HAProxy from deploy/haproxy.cfg (its addresses come from the
 * environment). PostgreSQL is the machine's own server, with a fresh database per run.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const DEPLOY = join(REPO_ROOT, 'deploy');
/** Where Debian puts the dynamic-security plugin (the compose file's image has it under /usr/lib). */
const DEBIAN_DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

/** A child process of the run with what it printed last, for the error when it dies early. */
export interface Service {
  port: number;
  stop(): Promise<void>;
}

export interface Broker extends Service {
  /** For devices: no account in it. */
  url: string;
  /** The dynamic-security admin the nodes keep gateway accounts with (MQTT_DYNSEC_*). */
  admin: { username: string; password: string };
  /** The nodes' own account (MQTT_URL's user info): subscribes to every topic, publishes commands. */
  ingest: { username: string; password: string };
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Resolves once something accepts TCP connections on the port; rejects if the child exits first. */
export async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before listening:\n${output()}`);
    const open = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after 15 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a long-running child, keeping its last output; resolves once its port answers. */
async function startChild(command: string, args: string[], port: number, env = process.env) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForPort(port, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${command}: ${(error as Error).message}`);
  }
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  return exited;
}

/** Mosquitto with deploy/mosquitto.conf, its dynamic-security admin made by `mosquitto_ctrl dynsec init`. */
export async function startBroker(): Promise<Broker> {
  const dir = await mkdtemp(join(tmpdir(), 'ferrite-cluster-mosquitto-'));
  const port = await freePort();
  const admin = { username: 'dynsec-admin', password: randomBytes(12).toString('hex') };
  const dynsecFile = join(dir, 'dynamic-security.json');
  await promisify(execFile)('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, admin.username, admin.password]);
  const config = (await readFile(join(DEPLOY, 'mosquitto.conf'), 'utf8'))
    .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)
    .replace(/^plugin \/usr\/lib\/mosquitto_dynamic_security\.so$/m, `plugin ${DEBIAN_DYNSEC_PLUGIN}`)
    .replace(/^plugin_opt_config_file .*$/m, `plugin_opt_config_file ${dynsecFile}`)
    .replace(/^persistence_location .*$/m, `persistence_location ${dir}/`)
    .replace(/^log_dest stdout$/m, 'log_dest stderr');
  const configFile = join(dir, 'mosquitto.conf');
  // Started as root, Mosquitto would drop to its own user and could not write this run's folder.
  await writeFile(configFile, `${config}\nuser ${userInfo().username}\n`);
  const child = await startChild('mosquitto', ['-c', configFile], port);
  const ingest = { username: 'ferrite-ingest', password: randomBytes(12).toString('hex') };
  try {
    await createIngestAccount(port, admin, ingest);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    admin,
    ingest,
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The account the nodes read devices with is the operator's to make, not Ferrite's (Ferrite manages
 * only its gateways' accounts): deploy/compose.yaml's mosquitto-accounts service runs the same commands.
 */
async function createIngestAccount(
  port: number,
  admin: Broker['admin'],
  ingest: Broker['ingest'],
): Promise<void> {
  const control = (...args: string[]) =>
    promisify(execFile)('mosquitto_ctrl', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-u',
      admin.username,
      '-P',
      admin.password,
      'dynsec',
      ...args,
    ]);
  await control('createRole', 'ferrite-ingest');
  await control('addRoleACL', 'ferrite-ingest', 'subscribePattern', '#', 'allow');
  await control('addRoleACL', 'ferrite-ingest', 'publishClientSend', '#', 'allow');
  await control('createClient', ingest.username, '-p', ingest.password);
  await control('addClientRole', ingest.username, 'ferrite-ingest');
}

/** A Redis that keeps nothing on disk. */
export async function startRedis(): Promise<Service & { url: string }> {
  const port = await freePort();
  const child = await startChild(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    port,
  );
  return { port, url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** HAProxy with deploy/haproxy.cfg in front of the given node ports (up to three). */
export async function startBalancer(nodePorts: readonly number[]): Promise<Service & { url: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, FERRITE_LISTEN: `127.0.0.1:${port}` };
  // The file names three servers; a smaller cluster points the spare ones at its first node.
  for (let index = 0; index < 3; index++) {
    env[`FERRITE_NODE_${index + 1}`] = `127.0.0.1:${nodePorts[index] ?? nodePorts[0]}`;
  }
  const child = await startChild('haproxy', ['-db', '-f', join(DEPLOY, 'haproxy.cfg')], port, env);
  return { port, url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
