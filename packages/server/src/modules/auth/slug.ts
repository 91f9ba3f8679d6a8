/** Organization URL slugs: normalizing what people type, and checking shape and availability. */
import { ORG_SLUG_HINT, ORG_SLUG_PATTERN, type ValidateOrgUrlResponse } from '@ferrite/contracts';

/** The slug inside what a person typed: a bare slug, a host name or a URL, lower-cased. */
export function slugFromUrl(input: string): string {
  const trimmed = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  return trimmed.split(/[./]/)[0] ?? '';
}

/** A readable slug proposed from an organization name. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base.length >= 3 ? base : `${base || 'org'}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Checks a typed URL: its shape first, then whether another organization holds it. */
export async function checkOrgUrl(
  url: string,
  isTaken: (slug: string) => Promise<boolean>,
): Promise<ValidateOrgUrlResponse> {
  const slug = slugFromUrl(url);
  if (!ORG_SLUG_PATTERN.test(slug)) {
    return { url: slug, is_valid: false, is_available: false, message: ORG_SLUG_HINT };
  }
  const taken = await isTaken(slug);
  return {
    url: slug,
    is_valid: true,
    is_available: !taken,
    message: taken ? 'This organization URL is already taken' : 'This organization URL is available',
  };
}
