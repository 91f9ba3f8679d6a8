/**
 * A rule manager reads the key their webhook receiver checks signatures with: the key the webhooks are
 * signed under, the organization's own (another organization's differs), never cached on the way.
 */
import { createHmac } from 'node:crypto';
import { APP_KEYS, type WebhookKey } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin } from '../../entityManager/testSupport';
import { demoAdmin } from '../../iotManager/testSupport';
import { alertClient } from '../testSupport';
import { signatureOf } from './signing';

const SECRET = 'webhook-key-test-secret-0123456789abcdef';
let platform: TestPlatform;

beforeAll(async () => {
  platform = await createTestPlatform({ SECRET });
});
afterAll(() => platform.close());

describe('the webhook key', () => {
  it('is the key signatures are made with, one per organization, sent uncached', async () => {
    const admin = await demoAdmin(platform);
    const response = await alertClient(platform, admin.orgId, admin.token).get('/webhook_key');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { key, header }: WebhookKey = response.json();
    expect(header).toBe('X-Ferrite-Signature');
    // What a receiver does with it: HMAC-SHA256 of the raw body, compared with the header.
    const body = '{"event":"alert.fired"}';
    expect(signatureOf(body, key)).toBe(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`);
    expect(key).toBe(createHmac('sha256', SECRET).update(`webhook:${admin.orgId}`).digest('hex'));

    const other = await addOrgWithAdmin(platform, 'webhook-key-other', [...APP_KEYS]);
    const theirs = (await alertClient(platform, other.orgId, other.token).get('/webhook_key')).json();
    expect(theirs.key).not.toBe(key);
  });
});
