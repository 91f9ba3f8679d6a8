import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freeText, nameText, storedForm } from './text';
import { widgetConfigSchema } from './widgets/config';

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

describe('the stored form of a schema', () => {
  const body = z
    .object({
      name: nameText('Name').min(1),
      description: freeText('Description', 20).default(''),
      tags: z.array(nameText('Tag', 10)).default([]),
      metadata: z.record(nameText('Key', 10), freeText('Value', 10)).optional(),
      unit: nameText('Unit', 5).nullable(),
      choice: z.union([z.number(), nameText('Choice', 5)]),
      size: z.number().int().max(10),
    })
    .strict();
  const stored = {
    name: ' Kessel\u0001 2\nHalle ',
    description: `note\u001b[2J${'x'.repeat(30)}`,
    tags: ['\u007fold tag, longer than ten'],
    metadata: { 'key\u0085': 'value\u0000' },
    unit: '\u0007°C    ',
    choice: 'choice\u0002 text',
    size: 3,
  };

  it('takes text stored before the rules as it is, control characters, length and spaces included', () => {
    expect(body.safeParse(stored).success).toBe(false);
    expect(storedForm(body).parse(stored)).toEqual(stored);
  });

  it('keeps every other rule and default of the schema', () => {
    expect(storedForm(body).safeParse({ ...stored, size: 11 }).success).toBe(false);
    expect(storedForm(body).safeParse({ ...stored, extra: 1 }).success).toBe(false);
    expect(storedForm(body).safeParse({ ...stored, name: 42 }).success).toBe(false);
    const first = storedForm(body).parse({ name: 'a', unit: null, choice: 1, size: 1 });
    expect(first).toMatchObject({ description: '', tags: [] });
    // Defaults stay fresh values, not one array shared by every parse.
    expect(storedForm(body).parse({ name: 'a', unit: null, choice: 1, size: 1 }).tags).not.toBe(first.tags);
  });

  it('reaches text inside lazy schemas and returns a schema without typed text itself', () => {
    const tree: z.ZodType<{ label: string; children: unknown[] }> = z.object({
      label: nameText('Label'),
      children: z.array(z.lazy(() => tree)),
    });
    const node = { label: 'a\u0001', children: [{ label: 'b\u0001', children: [] }] };
    expect(tree.safeParse(node).success).toBe(false);
    expect(storedForm(tree).parse(node)).toEqual(node);
    const plain = z.object({ id: z.string().uuid(), count: z.number() });
    expect(storedForm(plain)).toBe(plain);
  });

  it('reads a widget config with control characters back with its series, and still refuses a bad image source', () => {
    const config = {
      title: 'Boiler\u0001 room',
      series: [{ key: 'a:b', name: 'Flow\nrate', unit: '\u0085m3' }],
      text_content: 'x'.repeat(20_001),
    };
    expect(widgetConfigSchema.safeParse(config).success).toBe(false);
    expect(storedForm(widgetConfigSchema).parse(config)).toMatchObject({
      title: 'Boiler\u0001 room',
      series: [{ key: 'a:b', name: 'Flow\nrate', unit: '\u0085m3', axes: 'left' }],
      text_content: config.text_content,
      decimals: 2,
    });
    expect(storedForm(widgetConfigSchema).safeParse({ image_url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});
