/**
 * What Mosquitto's dynamic-security plugin must hold for the gateways, and the commands that bring
 * what it holds there. Pure (no I/O): brokerCredentials.ts reads the broker and the database and sends
 * these commands.
 *
 * One broker account per gateway: user name = the gateway's user name, client id = its client id,
 * password = its access token, and one role `ferrite-gateway-<uuid>` allowing exactly the device
 * protocol (publish `{topic}`, `{topic}/heartbeat`, `{topic}/commands/ack`; subscribe to and receive
 * `{topic}/commands`) and denying everything else explicitly, whatever the broker's defaults.
 *
 * Ferrite's accounts carry the text name `ferrite-gateway:<uuid>`; an account without it (the broker
 * admin, the ingest account, anyone else's) is never changed, and a gateway whose user name such an
 * account holds gets no broker account at all (so a tenant cannot take one over by naming a gateway
 * after it).
 *
 * The access token is stored hashed, so the broker can only be given the password while the plaintext
 * exists: when it is issued (creation, rotation). The account's text description records which token
 * hash its password belongs to (`token:<first 16 hex>`, or `token:none`). An account whose password is
 * not the current token (the broker missed a rotation, was reset, or the user name changed, which
 * dynamic security cannot rename) is locked: random password, disabled, `token:none`, until a new
 * token is issued.
 */
import { randomBytes } from 'node:crypto';
import { MQTT_ACK_SUFFIX, MQTT_COMMANDS_SUFFIX, MQTT_HEARTBEAT_SUFFIX } from '@ferrite/contracts';
import { hashOpaqueToken } from '../../../../../platform/security/opaqueTokens';
import type { DynsecCommand } from './dynsecAdmin';

const TAG_PREFIX = 'ferrite-gateway:';
const ROLE_PREFIX = 'ferrite-gateway-';
export const NO_TOKEN = 'token:none';
/** A gateway id (the tags and role names carry one). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A gateway as the broker must know it (from the database). */
export interface GatewayAccount {
  id: string;
  orgId: string;
  username: string;
  clientId: string;
  topic: string;
  /** Its topic overlaps a gateway that outranks it: its role then grants nothing (topicTree.ts). */
  topicBlocked: boolean;
  archived: boolean;
  tokenHash: string;
}

/** A dynamic-security client as `getClient` / `listClients` (verbose) answer it. */
export interface BrokerClient {
  username: string;
  clientid?: string;
  textname?: string;
  textdescription?: string;
  disabled?: boolean;
  roles?: { rolename: string; priority?: number }[];
}

export interface BrokerAcl {
  acltype: string;
  topic: string;
  allow: boolean;
  priority?: number;
}

/** A dynamic-security role as `getRole` / `listRoles` (verbose) answer it. */
export interface BrokerRole {
  rolename: string;
  acls?: BrokerAcl[];
}

/**
 * `ready`: the gateway can connect with its token (unless archived); `awaitingToken`: its account is
 * locked until a new token is issued; `usernameTaken`: an account Ferrite does not own for this
 * gateway holds its user name, so it has none.
 */
export type AccountOutcome = 'ready' | 'awaitingToken' | 'usernameTaken';

export interface AccountPlan {
  commands: DynsecCommand[];
  outcome: AccountOutcome;
}

/** The text name that marks an account as Ferrite's account of this gateway. */
export function accountTag(gatewayId: string): string {
  return `${TAG_PREFIX}${gatewayId}`;
}

/** The gateway a broker account belongs to, or null when it is not one of Ferrite's. */
export function taggedGateway(client: Pick<BrokerClient, 'textname'>): string | null {
  const name = client.textname ?? '';
  const id = name.startsWith(TAG_PREFIX) ? name.slice(TAG_PREFIX.length) : '';
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** The role of a gateway's account. */
export function roleName(gatewayId: string): string {
  return `${ROLE_PREFIX}${gatewayId}`;
}

/** The gateway a role belongs to, or null when it is not one of Ferrite's. */
export function roleGateway(rolename: string): string | null {
  const id = rolename.startsWith(ROLE_PREFIX) ? rolename.slice(ROLE_PREFIX.length) : '';
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** What an account's description says when its password is the token with this hash. */
export function tokenMark(tokenHash: string): string {
  return `token:${tokenHash.slice(0, 16)}`;
}

/**
 * The device protocol of contracts deviceProtocol.ts as ACLs on exact topics; explicit denials close
 * the rest. Mosquitto reads `+` and `#` in an ACL topic as wildcards and a level `%c` or `%u` as the
 * connecting client's id or user name, so a topic holding them (the form refuses them; an old row might
 * not) would grant more than its own tree: such a gateway, and one whose topic is blocked, is allowed
 * nothing at all.
 */
export function gatewayAcls(gateway: Pick<GatewayAccount, 'topic' | 'topicBlocked'>): BrokerAcl[] {
  const { topic } = gateway;
  const allow = (acltype: string, allowed: string): BrokerAcl => ({
    acltype,
    topic: allowed,
    allow: true,
    priority: 1,
  });
  const deny = (acltype: string): BrokerAcl => ({ acltype, topic: '#', allow: false, priority: 0 });
  const denials = [deny('publishClientSend'), deny('subscribePattern'), deny('publishClientReceive')];
  if (gateway.topicBlocked || !literalAclTopic(topic)) return denials;
  const commands = topic + MQTT_COMMANDS_SUFFIX;
  return [
    allow('publishClientSend', topic),
    allow('publishClientSend', topic + MQTT_HEARTBEAT_SUFFIX),
    allow('publishClientSend', topic + MQTT_ACK_SUFFIX),
    allow('subscribeLiteral', commands),
    allow('publishClientReceive', commands),
    ...denials,
  ];
}

/** Whether Mosquitto reads this topic in an ACL as itself alone (no wildcard, no %c / %u level). */
function literalAclTopic(topic: string): boolean {
  return !/[+#]/.test(topic) && !topic.split('/').some((level) => level === '%c' || level === '%u');
}

/**
 * The commands that make the broker hold `want`'s account, given what it holds: `clients` are the
 * accounts tagged for this gateway (any user name), `holder` the account holding `want.username`
 * (whoever's), `role` the gateway's role. `issuedToken` is a token just issued (or kept for a retry);
 * it becomes the password only if it is still the gateway's current one.
 */
export function planAccount(
  want: GatewayAccount,
  have: { clients: BrokerClient[]; holder: BrokerClient | null; role: BrokerRole | null },
  issuedToken?: string,
): AccountPlan {
  const commands: DynsecCommand[] = [];
  const rolename = roleName(want.id);
  const acls = gatewayAcls(want);
  if (!have.role) commands.push({ command: 'createRole', rolename, textname: accountTag(want.id), acls });
  else if (!sameAcls(have.role.acls ?? [], acls)) commands.push({ command: 'modifyRole', rolename, acls });

  // Dynamic security keys accounts by user name: after a rename the old account goes (its password
  // cannot move to the new name).
  let client: BrokerClient | null = null;
  for (const tagged of have.clients) {
    if (tagged.username === want.username) client = tagged;
    else commands.push({ command: 'deleteClient', username: tagged.username });
  }
  if (!client && have.holder) return { commands, outcome: 'usernameTaken' };

  const username = want.username;
  const mark = tokenMark(want.tokenHash);
  const token =
    issuedToken !== undefined && hashOpaqueToken(issuedToken) === want.tokenHash ? issuedToken : null;
  const roles = [{ rolename, priority: 0 }];
  if (!client) {
    commands.push({
      command: 'createClient',
      username,
      clientid: want.clientId,
      textname: accountTag(want.id),
      textdescription: token ? mark : NO_TOKEN,
      roles,
      ...(token ? { password: token } : {}),
    });
    // A new account is enabled; one without the current token has no password and is disabled too.
    if (want.archived || !token) commands.push({ command: 'disableClient', username });
    return { commands, outcome: token ? 'ready' : 'awaitingToken' };
  }

  const changes: Record<string, unknown> = {};
  if ((client.clientid ?? '') !== want.clientId) changes.clientid = want.clientId;
  const held = client.roles ?? [];
  if (held.length !== 1 || held[0]?.rolename !== rolename) changes.roles = roles;
  let current = client.textdescription === mark;
  if (token && !current) {
    changes.password = token;
    changes.textdescription = mark;
    current = true;
  } else if (!current && client.textdescription !== NO_TOKEN) {
    // The broker still takes a token that is no longer the gateway's: lock it.
    changes.password = randomBytes(32).toString('base64url');
    changes.textdescription = NO_TOKEN;
  }
  if (Object.keys(changes).length > 0) commands.push({ command: 'modifyClient', username, ...changes });
  const disabled = want.archived || !current;
  if (disabled !== (client.disabled === true))
    commands.push({ command: disabled ? 'disableClient' : 'enableClient', username });
  return { commands, outcome: current ? 'ready' : 'awaitingToken' };
}

/** The commands that remove a gone gateway's accounts and role. */
export function planRemoval(gatewayId: string, clients: BrokerClient[], hasRole: boolean): DynsecCommand[] {
  const commands: DynsecCommand[] = clients.map((client) => ({
    command: 'deleteClient',
    username: client.username,
  }));
  if (hasRole) commands.push({ command: 'deleteRole', rolename: roleName(gatewayId) });
  return commands;
}

/** What a reconcile is to do, and what it found. */
export interface ReconcilePlan<G extends GatewayAccount> {
  commands: DynsecCommand[];
  /** Each gateway acted on, its outcome, and whether its account changed. */
  outcomes: { gateway: G; outcome: AccountOutcome; changed: boolean }[];
  /** Gateway → the user names of its accounts once the commands ran. */
  usernames: Map<string, Set<string>>;
  /** Accounts of gateways that are gone. */
  removed: number;
}

/**
 * The commands that make the broker's Ferrite accounts and roles match the gateways. Only `settled`
 * gateways are acted on (one written moments ago is left to the node that wrote it); `tokens` are
 * tokens issued but not yet handed over. Accounts and roles of gateways not in the list are removed.
 */
export function planReconcile<G extends GatewayAccount>(
  gateways: G[],
  broker: { clients: BrokerClient[]; roles: BrokerRole[] },
  options: { settled: (gateway: G) => boolean; tokens: ReadonlyMap<string, string | undefined> },
): ReconcilePlan<G> {
  const byGateway = new Map<string, BrokerClient[]>();
  const byUsername = new Map<string, BrokerClient>();
  for (const client of broker.clients) {
    byUsername.set(client.username, client);
    const id = taggedGateway(client);
    if (id) byGateway.set(id, [...(byGateway.get(id) ?? []), client]);
  }
  const roles = new Map(broker.roles.map((role) => [role.rolename, role]));
  const live = new Set(gateways.map((gateway) => gateway.id));
  const plan: ReconcilePlan<G> = { commands: [], outcomes: [], usernames: new Map(), removed: 0 };
  for (const gateway of gateways) {
    const tagged = byGateway.get(gateway.id) ?? [];
    plan.usernames.set(gateway.id, new Set(tagged.map((client) => client.username)));
    if (!options.settled(gateway)) continue;
    const have = {
      clients: tagged,
      holder: byUsername.get(gateway.username) ?? null,
      role: roles.get(roleName(gateway.id)) ?? null,
    };
    const { commands, outcome } = planAccount(gateway, have, options.tokens.get(gateway.id));
    plan.commands.push(...commands);
    plan.outcomes.push({ gateway, outcome, changed: commands.length > 0 });
    if (outcome === 'usernameTaken') continue;
    // Claimed now: a later gateway with the same user name must not create it a second time.
    byUsername.set(gateway.username, { username: gateway.username, textname: accountTag(gateway.id) });
    plan.usernames.set(gateway.id, new Set([gateway.username]));
  }
  for (const [id, tagged] of byGateway) {
    if (live.has(id)) continue;
    plan.commands.push(...planRemoval(id, tagged, false));
    plan.removed += tagged.length;
  }
  for (const role of broker.roles) {
    const id = roleGateway(role.rolename);
    if (id && !live.has(id)) plan.commands.push({ command: 'deleteRole', rolename: role.rolename });
  }
  return plan;
}

function sameAcls(held: BrokerAcl[], wanted: BrokerAcl[]): boolean {
  const key = (acl: BrokerAcl) => `${acl.acltype}\n${acl.topic}\n${acl.allow}\n${acl.priority ?? 0}`;
  const heldKeys = new Set(held.map(key));
  return held.length === wanted.length && wanted.every((acl) => heldKeys.has(key(acl)));
}
