import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let platform: TestPlatform;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  platform = await createTestPlatform({ SMTP_URL: `smtp://127.0.0.1:${port}?from=no-reply@ferrite.test` });
});

afterAll(async () => {
  await platform.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers a password reset to the SMTP server, from the brand, and keeps it in the outbox', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'admin@ferrite.dev' },
    });
    expect(response.statusCode).toBe(202);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@ferrite.test');
    expect(mail?.to).toEqual(['admin@ferrite.dev']);
    expect(mail?.raw).toMatch(/^From: Ferrite <no-reply@ferrite\.test>/m);
    expect(mail?.raw).toMatch(/^Subject: Reset your Ferrite password/m);
    expect(mail?.raw).toContain('reset_password?token=');
    const kept = await platform.deps.db.selectFrom('outbox').select(['transport', 'to_address']).execute();
    expect(kept).toEqual([{ transport: 'smtp', to_address: 'admin@ferrite.dev' }]);
  });
});
