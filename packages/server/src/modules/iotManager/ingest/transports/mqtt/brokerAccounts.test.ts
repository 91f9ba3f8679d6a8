import { describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../../../../platform/security/opaqueTokens';
import {
  type BrokerClient,
  type BrokerRole,
  type GatewayAccount,
  gatewayAcls,
  NO_TOKEN,
  planAccount,
  planReconcile,
  planRemoval,
  taggedGateway,
  tokenMark,
} from './brokerAccounts';

const TOKEN = 'fgw_current';
const want: GatewayAccount = {
  id: '6f1c2f9e-4a53-4d8e-9a35-0f1e7d7e5a10',
  orgId: '00000000-0000-4000-8000-000000000001',
  username: 'press-1',
  clientId: 'gw-press-1',
  topic: 'plant/press-1',
  topicBlocked: false,
  archived: false,
  tokenHash: hashOpaqueToken(TOKEN),
};
const role: BrokerRole = { rolename: `ferrite-gateway-${want.id}`, acls: gatewayAcls(want) };
/** The account as the broker holds it once in step. */
const inStep: BrokerClient = {
  username: want.username,
  clientid: want.clientId,
  textname: `ferrite-gateway:${want.id}`,
  textdescription: tokenMark(want.tokenHash),
  roles: [{ rolename: role.rolename, priority: 0 }],
};

describe('planAccount', () => {
  it('creates the role and an enabled account whose password is a freshly issued token', () => {
    const plan = planAccount(want, { clients: [], holder: null, role: null }, TOKEN);
    expect(plan.outcome).toBe('ready');
    expect(plan.commands.map((command) => command.command)).toEqual(['createRole', 'createClient']);
    expect(plan.commands[1]).toMatchObject({ ...inStep, password: TOKEN });
  });

  it('creates a disabled account without a password when the token is not at hand, or no longer current', () => {
    for (const token of [undefined, 'fgw_rotated_since']) {
      const plan = planAccount(want, { clients: [], holder: null, role }, token);
      expect(plan.outcome).toBe('awaitingToken');
      expect(plan.commands[0]).toMatchObject({ command: 'createClient', textdescription: NO_TOKEN });
      expect(plan.commands[0]).not.toHaveProperty('password');
      expect(plan.commands[1]).toEqual({ command: 'disableClient', username: want.username });
    }
  });

  it('changes nothing when the broker is in step', () => {
    expect(planAccount(want, { clients: [inStep], holder: inStep, role })).toEqual({
      commands: [],
      outcome: 'ready',
    });
  });

  it('locks an account whose password belongs to a token that is no longer the gateway’s', () => {
    const stale = { ...inStep, textdescription: tokenMark(hashOpaqueToken('fgw_old')) };
    const plan = planAccount(want, { clients: [stale], holder: stale, role });
    expect(plan.outcome).toBe('awaitingToken');
    const [modify, disable] = plan.commands;
    expect(modify).toMatchObject({ command: 'modifyClient', textdescription: NO_TOKEN });
    expect(modify?.password).toEqual(expect.any(String));
    expect(modify?.password).not.toBe('fgw_old');
    expect(disable).toEqual({ command: 'disableClient', username: want.username });
  });

  it('follows a new topic, client id and archive state; unarchiving enables again', () => {
    const moved = { ...want, topic: 'plant/moved', clientId: 'gw-moved', archived: true };
    const plan = planAccount(moved, { clients: [inStep], holder: inStep, role });
    expect(plan.commands).toEqual([
      { command: 'modifyRole', rolename: role.rolename, acls: gatewayAcls(moved) },
      { command: 'modifyClient', username: want.username, clientid: 'gw-moved' },
      { command: 'disableClient', username: want.username },
    ]);
    const disabled = { ...inStep, disabled: true };
    expect(planAccount(want, { clients: [disabled], holder: disabled, role }).commands).toEqual([
      { command: 'enableClient', username: want.username },
    ]);
  });

  it('drops the account under a former user name, since dynamic security cannot rename one', () => {
    const renamed = { ...want, username: 'press-1-renamed' };
    const plan = planAccount(renamed, { clients: [inStep], holder: null, role });
    expect(plan.commands[0]).toEqual({ command: 'deleteClient', username: 'press-1' });
    expect(plan.commands[1]).toMatchObject({ command: 'createClient', username: 'press-1-renamed' });
    expect(plan.outcome).toBe('awaitingToken');
  });

  it('leaves alone an account it does not own that holds the user name', () => {
    const admin: BrokerClient = { username: want.username, textname: 'Dynsec admin user' };
    const plan = planAccount(want, { clients: [], holder: admin, role }, TOKEN);
    expect(plan).toEqual({ commands: [], outcome: 'usernameTaken' });
  });
});

describe('planReconcile', () => {
  const twin = { ...want, id: '7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6', clientId: 'gw-twin' };
  const ghost = '8b3e4f50-6c7d-4e8f-9a01-b2c3d4e5f6a7';
  const broker = {
    clients: [
      inStep,
      { username: 'ghost', textname: `ferrite-gateway:${ghost}` },
      { username: 'ferrite-ingest', textname: 'the subscriber' },
    ],
    roles: [role, { rolename: `ferrite-gateway-${ghost}` }, { rolename: 'ferrite-ingest' }],
  };

  it('removes what gone gateways left, never touches other accounts, and gives a user name to one gateway only', () => {
    const plan = planReconcile([want, twin], broker, { settled: () => true, tokens: new Map() });
    expect(plan.commands).toEqual([
      {
        command: 'createRole',
        rolename: `ferrite-gateway-${twin.id}`,
        textname: `ferrite-gateway:${twin.id}`,
        acls: gatewayAcls(twin),
      },
      { command: 'deleteClient', username: 'ghost' },
      { command: 'deleteRole', rolename: `ferrite-gateway-${ghost}` },
    ]);
    expect(plan.outcomes.map((entry) => entry.outcome)).toEqual(['ready', 'usernameTaken']);
    expect(plan.removed).toBe(1);
    expect(plan.usernames.get(want.id)).toEqual(new Set([want.username]));
  });

  it('leaves gateways written moments ago to the node that wrote them', () => {
    const gone = { ...inStep, clientid: 'stale' };
    const plan = planReconcile(
      [want],
      { clients: [gone], roles: [role] },
      { settled: () => false, tokens: new Map() },
    );
    expect(plan).toMatchObject({ commands: [], outcomes: [] });
  });

  it('hands over a token still waiting for the broker', () => {
    const plan = planReconcile(
      [want],
      { clients: [], roles: [role] },
      { settled: () => true, tokens: new Map([[want.id, TOKEN]]) },
    );
    expect(plan.commands[0]).toMatchObject({ command: 'createClient', password: TOKEN });
    expect(plan.outcomes[0]?.outcome).toBe('ready');
  });
});

describe('gatewayAcls', () => {
  it('allows the device protocol on the gateway’s own topics and denies everything else', () => {
    const acls = gatewayAcls(want);
    expect(acls.filter((acl) => acl.allow).map((acl) => [acl.acltype, acl.topic])).toEqual([
      ['publishClientSend', 'plant/press-1'],
      ['publishClientSend', 'plant/press-1/heartbeat'],
      ['publishClientSend', 'plant/press-1/commands/ack'],
      ['subscribeLiteral', 'plant/press-1/commands'],
      ['publishClientReceive', 'plant/press-1/commands'],
    ]);
    expect(acls.filter((acl) => !acl.allow).every((acl) => acl.topic === '#')).toBe(true);
  });

  it('allows nothing to a blocked topic, nor to one Mosquitto would read as a pattern', () => {
    const closed = ['publishClientSend', 'subscribePattern', 'publishClientReceive'];
    for (const gateway of [
      { topic: 'plant/press-1', topicBlocked: true },
      { topic: 'plant/+', topicBlocked: false },
      { topic: 'plant/#', topicBlocked: false },
      // %c would become the connecting client's id: `plant/%c` could grant `plant/<another topic>`.
      { topic: 'plant/%c', topicBlocked: false },
      { topic: '%u', topicBlocked: false },
    ]) {
      const acls = gatewayAcls(gateway);
      expect(acls.filter((acl) => acl.allow)).toEqual([]);
      expect(acls.map((acl) => acl.acltype)).toEqual(closed);
    }
  });
});

describe('tags', () => {
  it('knows Ferrite’s accounts by their text name, and removes them with their role', () => {
    expect(taggedGateway(inStep)).toBe(want.id);
    expect(taggedGateway({ textname: 'ferrite-gateway:not-a-uuid' })).toBeNull();
    expect(taggedGateway({})).toBeNull();
    expect(planRemoval(want.id, [inStep], true)).toEqual([
      { command: 'deleteClient', username: want.username },
      { command: 'deleteRole', rolename: role.rolename },
    ]);
  });
});
