/**
 * Text people type (names, descriptions, messages, search words): no control characters, a bounded
 * length, and errors that name the field. PostgreSQL refuses NUL in text and jsonb, and the other
 * control characters are never typed by a person, only smuggled in (terminal escapes, forged log lines).
 */
import { z } from 'zod';

// C0 controls, DEL and the C1 controls; the multi-line form keeps tab, line feed and carriage return.
// With the u flag a surrogate in the class matches only when unpaired: JSON can carry one ("\ud800"),
// but it is no character, and jsonb refuses it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;

/** True when the text holds no control character nor lone surrogate (tab and line breaks allowed when multiline). */
export function isCleanText(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

export interface TextOptions {
  /** Most characters accepted. */
  max: number;
  /** Tabs and line breaks allowed (descriptions, messages, notes). */
  multiline?: boolean;
  /** Leading and trailing white space removed first (default true). */
  trim?: boolean;
}

/** A string of typed text named `field` in its errors; chain `.min()`, `.default()`… as with z.string(). */
export function textSchema(field: string, options: TextOptions) {
  const text = z.string({ error: `${field} must be text` });
  return (options.trim === false ? text : text.trim())
    .max(options.max, { error: `${field} must be at most ${options.max} characters` })
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, {
      error: options.multiline
        ? `${field} must not contain control characters`
        : `${field} must be one line without control characters`,
    });
}

/** A name or label: one line, trimmed, at most `max` characters (120 unless given). */
export function nameText(field: string, max = 120) {
  return textSchema(field, { max });
}

/** A description, message or note: line breaks and tabs allowed, trimmed, at most `max` characters. */
export function freeText(field: string, max: number) {
  return textSchema(field, { max, multiline: true });
}
