/** Validation rules of spec §5, defined once and used by both server and web. */
import { z } from 'zod';

/** E-mail shape: letters, digits, underscore, hyphen and dot around one @; a TLD of 2 to 5 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.[A-Za-z]{2,5}$/;
export const EMAIL_HINT = 'Email must be valid';

/** Password special characters allowed (and one required) by spec §5. */
export const PASSWORD_SPECIALS = '@$!%*#?&';
export const PASSWORD_MIN_LENGTH = 8;
/** At least 8 characters, one letter, one digit, one special; nothing outside letters, digits and specials. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*#?&])[A-Za-z\d@$!%*#?&]{8,}$/;
export const PASSWORD_HINT =
  'Password must be at least 8 characters with a letter, a digit and one of @ $ ! % * # ? &, and only those characters';

/** True when the address matches the product's e-mail rule. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** True when the password meets the product's password rule. */
export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export const emailSchema = z
  .string({ error: EMAIL_HINT })
  .trim()
  .max(254, { error: EMAIL_HINT })
  .regex(EMAIL_PATTERN, { error: EMAIL_HINT })
  .transform((value) => value.toLowerCase());

export const passwordSchema = z.string({ error: PASSWORD_HINT }).max(128).regex(PASSWORD_PATTERN, {
  error: PASSWORD_HINT,
});

/** Organization URL slug: lowercase letters, digits and inner hyphens, 3 to 40 characters. */
export const ORG_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
export const ORG_SLUG_HINT =
  'Use 3 to 40 lowercase letters, digits or hyphens, starting and ending with a letter or digit';
