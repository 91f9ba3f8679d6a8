import { describe, expect, it } from 'vitest';
import { freeText, nameText } from './text';

/** The first error message of a parse, or null when the value is accepted. */
function errorOf(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'invalid');
}

describe('typed text', () => {
  it('takes any script, accents and emoji, trimmed', () => {
    expect(nameText('Name').parse('  Kessel 2 – Müller 中文 😀 ')).toBe('Kessel 2 – Müller 中文 😀');
  });

  it('refuses NUL, escapes and other control characters in a name, naming the field', () => {
    for (const value of [
      'a\u0000b',
      'a\u0007',
      '\u001b[2J',
      'a\u007f',
      'a\u0085',
      'line\nbreak',
      'tab\there',
    ]) {
      expect(errorOf(nameText('Gateway name'), value)).toBe(
        'Gateway name must be one line without control characters',
      );
    }
  });

  it('keeps line breaks and tabs in free text but refuses the rest', () => {
    expect(freeText('Description', 100).parse('Hall A\r\n\tbay 3')).toBe('Hall A\r\n\tbay 3');
    expect(errorOf(freeText('Description', 100), 'Hall A\u0000')).toBe(
      'Description must not contain control characters',
    );
  });

  it('refuses a lone surrogate, which JSON can carry but jsonb cannot store', () => {
    expect(errorOf(nameText('Name'), 'a\ud800b')).not.toBeNull();
    expect(errorOf(freeText('Notes', 10), '\udc00')).not.toBeNull();
  });

  it('names the field and the limit when the text is too long, and refuses what is not text', () => {
    expect(errorOf(nameText('Dashboard name'), 'x'.repeat(121))).toBe(
      'Dashboard name must be at most 120 characters',
    );
    expect(errorOf(nameText('Dashboard name'), 42)).toBe('Dashboard name must be text');
  });
});
