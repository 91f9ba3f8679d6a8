import { describe, expect, it } from 'vitest';
import { checkCommand } from './commandForm';

describe('command form', () => {
  it('sends any JSON value with its name and timeout', () => {
    expect(checkCommand({ name: 'set_interval', value: '{"seconds": 30}', timeout_s: 60 })).toEqual({
      body: { name: 'set_interval', value: { seconds: 30 }, timeout_s: 60 },
    });
    expect(checkCommand({ name: 'reboot', value: 'false', timeout_s: 300 }).body?.value).toBe(false);
  });

  it('names what is wrong', () => {
    const { errors } = checkCommand({ name: 'bad name!', value: '{seconds: 30}', timeout_s: 1 });
    expect(errors?.name).toMatch(/letters, digits/);
    expect(errors?.value).toMatch(/Not valid JSON/);
    expect(errors?.timeout_s).toBeDefined();
    expect(checkCommand({ name: 'firmware_update', value: '1', timeout_s: 300 }).errors?.name).toMatch(
      /firmware rollouts/,
    );
    expect(checkCommand({ name: 'x', value: ' ', timeout_s: 300 }).errors?.value).toBe(
      'Please enter a JSON value',
    );
  });
});
