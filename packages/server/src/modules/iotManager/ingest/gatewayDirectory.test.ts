/**
 * The gateway directory forgets a gateway at once, including a lookup that was on its way when the
 * change came (it may have read the row from before the change), so a device's old token is not
 * remembered for the TTL after a rotation on any node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../../platform/security/opaqueTokens';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { GatewayDirectory } from './gatewayDirectory';
import { type GatewayFixture, gatewayFixture } from './testSupport';

let platform: TestPlatform;
let gw: GatewayFixture;

beforeAll(async () => {
  platform = await createTestPlatform();
  gw = await gatewayFixture(platform, { protocol: 'HTTP' });
});
afterAll(() => platform.close());

const setTokenHash = (hash: string) =>
  platform.database.db
    .updateTable('gateways')
    .set({ token_hash: hash })
    .where('id', '=', gw.gatewayId)
    .execute();

describe('gateway directory', () => {
  it('does not remember a lookup that was under way when the gateway was forgotten', async () => {
    const directory = new GatewayDirectory(platform.database.db);
    const underway = directory.byId(gw.gatewayId);
    directory.forget(gw.gatewayId);
    await underway;
    await setTokenHash(hashOpaqueToken('rotated'));
    expect((await directory.byId(gw.gatewayId))?.tokenHash).toBe(hashOpaqueToken('rotated'));
  });

  it('remembers a gateway for its TTL, and forgets every gateway when told changes were missed', async () => {
    const directory = new GatewayDirectory(platform.database.db);
    await setTokenHash(hashOpaqueToken('first'));
    await directory.byId(gw.gatewayId);
    await setTokenHash(hashOpaqueToken('second'));
    expect((await directory.byId(gw.gatewayId))?.tokenHash).toBe(hashOpaqueToken('first'));
    directory.forgetAll();
    expect((await directory.byId(gw.gatewayId))?.tokenHash).toBe(hashOpaqueToken('second'));
  });
});
