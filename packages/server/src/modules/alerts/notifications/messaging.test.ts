/** The messaging API's configuration: whole or not at all, with sender numbers in E.164 form. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';

const base = { NODE_ENV: 'test', LOG_FORMAT: 'json' } as const;

describe('the messaging configuration', () => {
  it('is used when the API URL, account and token are set, with the sender numbers', () => {
    const config = loadConfig({
      ...base,
      SMS_API_URL: 'https://api.twilio.com/',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'secret',
      SMS_FROM: '+4930123456',
      WHATSAPP_FROM: '+4930654321',
    });
    expect(config.messaging).toEqual({
      apiUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 'secret',
      smsFrom: '+4930123456',
      whatsappFrom: '+4930654321',
    });
  });

  it('is absent (messages go to the outbox) without the token', () => {
    expect(
      loadConfig({ ...base, SMS_API_URL: 'https://api.twilio.com', SMS_ACCOUNT_SID: 'AC1' }).messaging,
    ).toBe(undefined);
  });

  it('refuses a sender that is not a phone number, naming the variable', () => {
    expect(() => loadConfig({ ...base, SMS_FROM: 'Ferrite' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMS_FROM: 'Ferrite' })).toThrow(/SMS_FROM/);
  });
});
