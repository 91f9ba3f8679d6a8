/**
 * Keeps an external Mosquitto's dynamic-security accounts in step with the gateways (MQTT_URL with
 * MQTT_DYNSEC_USERNAME / MQTT_DYNSEC_PASSWORD): the policy is brokerAccounts.ts, this file reads the
 * broker and the database and sends the commands.
 *
 * - After every committed gateway write (DeviceLinkHub.gatewayChanged) the gateway's account is
 *   brought in step, with the plaintext token when the write issued one. A failure is logged (never a
 *   secret) and retried every RETRY_EVERY_MS while the process runs; the token waits in memory only.
 * - On each node's start, and every 10 minutes on one node of the cluster (a job,
 *   BROKER_RECONCILE_JOB), a reconcile makes the broker match the database: missing
 *   accounts and roles are created, changed ones corrected, Ferrite's accounts of gateways that are
 *   gone (deleted, also with their project or organization) removed. The broker is read before the
 *   database, so an account made after a commit is never taken for an orphan; gateways written in the
 *   last SETTLE_MS are left to the node that wrote them.
 * - A token the broker missed (a restart lost the retry) cannot be recovered from its hash: the
 *   reconcile locks that account, and the gateway's log asks for a new token. We chose this over
 *   keeping the token recoverable (encrypted) in the database: a token stays something only its holder
 *   and the broker's salted hash know, and a rotation is one click.
 *
 * Ferrite's own subscriber (MQTT_URL's account) and the admin account are not Ferrite's to manage:
 * only accounts tagged `ferrite-gateway:<uuid>` are ever changed.
 */
import type { Logger } from 'pino';
import type { Db } from '../../../../../platform/db/database';
import { choreJob, type JobQueue } from '../../../../../platform/jobs/jobQueue';
import { DeviceGatewayRepository } from '../../deviceGatewayRepository';
import type { DeviceLinkHub } from '../../deviceLink';
import type { IngestService } from '../../ingestService';
import {
  type AccountOutcome,
  type BrokerClient,
  type BrokerRole,
  type GatewayAccount,
  planAccount,
  planReconcile,
  planRemoval,
  roleName,
  taggedGateway,
  UUID,
} from './brokerAccounts';
import { DynsecAdmin, type DynsecCommand, type DynsecResponse } from './dynsecAdmin';

export const RETRY_EVERY_MS = 30_000;
/** After this many failed tries a change is left to the periodic reconcile (a token then needs reissuing). */
const MAX_TRIES = 20;
export const RECONCILE_CRON = '*/10 * * * *';
/** The periodic reconcile's job: once per tick across the nodes, not once per node. */
export const BROKER_RECONCILE_JOB = 'iotManager.brokerAccounts';
export const SETTLE_MS = 60_000;
const LIST_TIMEOUT_MS = 30_000;
/** Commands per request in a reconcile: bounded messages, and one slow answer times out little work. */
const CHUNK = 200;

export interface BrokerCredentialsDeps {
  admin: Pick<DynsecAdmin, 'execute'>;
  db: Db;
  ingest: Pick<IngestService, 'logLine'>;
  log: Logger;
  settleMs?: number;
}

/** What a reconcile did, for the log and tests. */
export interface ReconcileSummary {
  commands: number;
  failed: number;
  removed: number;
  awaitingToken: number;
  usernameTaken: number;
}

interface StoredGateway extends GatewayAccount {
  protocol: string;
  changedAt: Date;
}

/** Brings broker accounts in step with gateways, one change at a time. */
export class BrokerCredentials {
  private queue: Promise<unknown> = Promise.resolve();
  /** Gateway → the user names of its broker accounts as last seen, to find one after a rename or delete. */
  private known = new Map<string, Set<string>>();
  /** Gateways whose last sync failed → the token still to hand over, if any (memory only). */
  private readonly retries = new Map<string, string | undefined>();
  private readonly tries = new Map<string, number>();
  private retrying = false;

  private readonly gateways: DeviceGatewayRepository;

  constructor(private readonly deps: BrokerCredentialsDeps) {
    this.gateways = new DeviceGatewayRepository(deps.db);
  }

  /** After a committed write: the gateway's account follows it. Never rejects; failures are retried. */
  gatewayChanged(gatewayId: string, issuedToken?: string): Promise<void> {
    if (!UUID.test(gatewayId)) return Promise.resolve();
    const token = issuedToken ?? this.retries.get(gatewayId);
    return this.serially(async () => {
      try {
        await this.sync(gatewayId, token);
        this.forgetRetry(gatewayId);
      } catch (error) {
        const tries = (this.tries.get(gatewayId) ?? 0) + 1;
        const giveUp = tries >= MAX_TRIES;
        if (giveUp) this.forgetRetry(gatewayId);
        else {
          this.retries.set(gatewayId, token);
          this.tries.set(gatewayId, tries);
        }
        this.deps.log.warn(
          { err: error, gatewayId, tries },
          giveUp
            ? "MQTT broker: gave up updating a gateway's credentials; the periodic reconcile takes over"
            : "MQTT broker: could not update a gateway's credentials; trying again shortly",
        );
      }
    });
  }

  /** Syncs again every gateway whose last sync failed (one pass at a time). */
  async retryFailed(): Promise<void> {
    if (this.retrying) return;
    this.retrying = true;
    try {
      for (const gatewayId of [...this.retries.keys()]) await this.gatewayChanged(gatewayId);
    } finally {
      this.retrying = false;
    }
  }

  /** Makes the broker's Ferrite accounts match the database; `announce` also logs lasting problems again. */
  reconcile(options: { announce: boolean }): Promise<ReconcileSummary> {
    return this.serially(() => this.reconcileNow(options.announce));
  }

  /** Resolves once the changes queued so far are done. */
  idle(): Promise<void> {
    return this.serially(async () => undefined);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async sync(gatewayId: string, token: string | undefined): Promise<void> {
    const want = await this.loadGateways(gatewayId).then((rows) => rows[0] ?? null);
    const usernames = new Set(this.known.get(gatewayId) ?? []);
    if (want) usernames.add(want.username);
    const names = [...usernames];
    const answers = await this.run([
      ...names.map((username) => ({ command: 'getClient', username })),
      { command: 'getRole', rolename: roleName(gatewayId) },
    ]);
    const found = answers
      .slice(0, -1)
      .map((answer) => lookupData<{ client: BrokerClient }>(answer)?.client ?? null);
    const role = lookupData<{ role: BrokerRole }>(answers.at(-1) as DynsecResponse)?.role ?? null;
    let clients = found.filter((client): client is BrokerClient => taggedGateway(client ?? {}) === gatewayId);
    if (!want) {
      // Created on another node since our last look: find its accounts by their tag.
      if (clients.length === 0 && !this.known.has(gatewayId))
        clients = (await this.listClients()).filter((client) => taggedGateway(client) === gatewayId);
      await this.apply(planRemoval(gatewayId, clients, role !== null));
      this.known.delete(gatewayId);
      return;
    }
    const holder = found.find((client) => client?.username === want.username) ?? null;
    const plan = planAccount(want, { clients, holder, role }, token);
    await this.apply(plan.commands);
    this.remember(want, plan.outcome);
    this.announce(want, plan.outcome);
  }

  private async reconcileNow(announce: boolean): Promise<ReconcileSummary> {
    // The broker before the database: see the header.
    const [clients, roles] = await Promise.all([this.listClients(), this.listRoles()]);
    const gateways = await this.loadGateways(null);
    const settledBefore = Date.now() - (this.deps.settleMs ?? SETTLE_MS);
    const plan = planReconcile(
      gateways,
      { clients, roles },
      { settled: (gateway) => gateway.changedAt.getTime() <= settledBefore, tokens: this.retries },
    );
    this.known = plan.usernames;
    let failed = 0;
    for (let start = 0; start < plan.commands.length; start += CHUNK)
      failed += await this.apply(plan.commands.slice(start, start + CHUNK), { tolerate: true });
    const summary: ReconcileSummary = {
      commands: plan.commands.length,
      failed,
      removed: plan.removed,
      awaitingToken: plan.outcomes.filter((entry) => entry.outcome === 'awaitingToken').length,
      usernameTaken: plan.outcomes.filter((entry) => entry.outcome === 'usernameTaken').length,
    };
    for (const { gateway, outcome, changed } of plan.outcomes) {
      if (failed === 0) this.forgetRetry(gateway.id);
      if (announce || changed) this.announce(gateway, outcome);
    }
    const level = failed > 0 ? 'warn' : summary.commands > 0 ? 'info' : 'debug';
    this.deps.log[level](
      { ...summary, gateways: gateways.length },
      'MQTT broker: gateway accounts reconciled',
    );
    return summary;
  }

  /** Sends commands; a refused one throws, or (tolerate) is logged and counted. */
  private async apply(commands: DynsecCommand[], options: { tolerate?: boolean } = {}): Promise<number> {
    const answers = await this.run(commands);
    // Never the commands themselves in a log: they carry passwords.
    const refused = answers.flatMap((answer, index) =>
      answer.error && !alreadyGone(answer)
        ? [`${answer.command} ${describe(commands[index] as DynsecCommand)}: ${answer.error}`]
        : [],
    );
    if (refused.length > 0 && !options.tolerate) throw new Error(`The broker refused ${refused.join('; ')}`);
    if (refused.length > 0)
      this.deps.log.warn({ refused: refused.slice(0, 20) }, 'MQTT broker: some account changes were refused');
    return refused.length;
  }

  private run(commands: DynsecCommand[], timeoutMs?: number): Promise<DynsecResponse[]> {
    return this.deps.admin.execute(commands, timeoutMs);
  }

  private async listClients(): Promise<BrokerClient[]> {
    const [answer] = await this.run(
      [{ command: 'listClients', verbose: true, count: -1, offset: 0 }],
      LIST_TIMEOUT_MS,
    );
    return expectData<{ clients: BrokerClient[] }>(answer).clients;
  }

  private async listRoles(): Promise<BrokerRole[]> {
    const [answer] = await this.run(
      [{ command: 'listRoles', verbose: true, count: -1, offset: 0 }],
      LIST_TIMEOUT_MS,
    );
    return expectData<{ roles: BrokerRole[] }>(answer).roles;
  }

  /** One gateway (by id) or all of them, as the broker must know them. */
  private async loadGateways(gatewayId: string | null): Promise<StoredGateway[]> {
    const rows = await this.gateways.brokerAccounts(gatewayId);
    return rows.map((row) => ({
      id: row.id,
      orgId: row.org_id,
      protocol: row.protocol,
      username: row.username,
      clientId: row.client_id,
      topic: row.topic,
      topicBlocked: row.topic_blocked,
      archived: row.archived_at !== null,
      tokenHash: row.token_hash,
      changedAt: new Date(row.updated_at),
    }));
  }

  private forgetRetry(gatewayId: string): void {
    this.retries.delete(gatewayId);
    this.tries.delete(gatewayId);
  }

  private remember(want: StoredGateway, outcome: AccountOutcome): void {
    this.known.set(want.id, outcome === 'usernameTaken' ? new Set() : new Set([want.username]));
  }

  /**
   * Tells an MQTT gateway's log (which its owners read) why its devices cannot connect through the
   * broker. Every gateway gets an account, as the embedded broker admits any, but only MQTT ones hear.
   */
  private announce(want: StoredGateway, outcome: AccountOutcome): void {
    if (outcome === 'ready' || want.protocol !== 'MQTT') return;
    const message =
      outcome === 'awaitingToken'
        ? 'The MQTT broker has no password for the current access token (it was issued while the broker was out of reach, or the user name changed): issue a new access token to connect over MQTT'
        : `The MQTT broker already has an account named "${want.username}" that is not this gateway's: choose another user name to connect over MQTT`;
    this.deps.ingest.logLine(
      want,
      'mqtt',
      'connect',
      outcome === 'awaitingToken' ? 'warn' : 'error',
      message,
      null,
      0,
    );
  }
}

export interface RunningBrokerCredentials {
  credentials: BrokerCredentials;
  close(): Promise<void>;
}

export interface BrokerCredentialsOptions {
  url: string;
  username: string;
  password: string;
  nodeId?: string;
  db: Db;
  ingest: Pick<IngestService, 'logLine'>;
  deviceLink: DeviceLinkHub;
  log: Logger;
  /** Where the periodic reconcile is defined (every node defines it; one runs each tick). */
  jobs: Pick<JobQueue, 'define'>;
}

/**
 * Logs in as the dynamic-security admin (a refused login stops start-up: the variables are wrong),
 * follows gateway writes, reconciles once now and then periodically.
 */
export async function startBrokerCredentials(
  options: BrokerCredentialsOptions,
): Promise<RunningBrokerCredentials> {
  const { log } = options;
  const admin = await DynsecAdmin.connect({
    url: options.url,
    username: options.username,
    password: options.password,
    clientIdPrefix: `ferrite-dynsec-${options.nodeId ?? 'node'}`,
    log,
  });
  const credentials = new BrokerCredentials({ admin, db: options.db, ingest: options.ingest, log });
  const stopListening = options.deviceLink.onGatewayChanged((gatewayId, issuedToken) =>
    credentials.gatewayChanged(gatewayId, issuedToken),
  );
  const reconcile = (announce: boolean) =>
    credentials.reconcile({ announce }).catch((error: unknown) => {
      log.error({ err: error }, 'MQTT broker: could not reconcile gateway accounts; trying again later');
    });
  await reconcile(true);
  // A failed change's retry stays on this node: its plaintext token is only in this node's memory.
  const retrying = setInterval(() => void credentials.retryFailed(), RETRY_EVERY_MS);
  retrying.unref();
  let closed = false;
  // The job's worker outlives this node's admin connection until the job queue stops: a tick taken
  // meanwhile fails, and the queue retries it on another node.
  await options.jobs.define(
    choreJob(BROKER_RECONCILE_JOB, RECONCILE_CRON, async () => {
      if (closed) throw new Error('This node no longer talks to the broker; another node reconciles');
      await credentials.reconcile({ announce: false });
    }),
  );
  return {
    credentials,
    close: async () => {
      closed = true;
      stopListening();
      clearInterval(retrying);
      await credentials.idle();
      await admin.close();
    },
  };
}

/** A lookup's data; null when what it looked up is not there. */
function lookupData<T>(answer: DynsecResponse): T | null {
  if (answer.error) {
    if (answer.error === 'Client not found' || answer.error === 'Role not found') return null;
    throw new Error(`The broker refused ${answer.command}: ${answer.error}`);
  }
  return (answer.data ?? null) as T | null;
}

function expectData<T>(answer: DynsecResponse | undefined): T {
  if (!answer || answer.error || !answer.data)
    throw new Error(`The broker refused ${answer?.command ?? 'a listing'}: ${answer?.error ?? 'no data'}`);
  return answer.data as T;
}

/** A removal of what is already gone leaves the broker as wanted. */
function alreadyGone(answer: DynsecResponse): boolean {
  return (
    (answer.command === 'deleteClient' && answer.error === 'Client not found') ||
    (answer.command === 'deleteRole' && answer.error === 'Role not found')
  );
}

/** Names a command's subject for a log line, never its password. */
function describe(command: DynsecCommand): string {
  return String(command.username ?? command.rolename ?? '');
}
