/** Small rules of the link panel: expiry choices, absolute addresses, status looks. */
import type { DashboardExport, ShareLinkStatus } from '@ferrite/contracts';

/** The expiry choices offered, in days (null: never). */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never expires', days: null },
  { value: '1', label: 'In 1 day', days: 1 },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

/** The expires_at of a choice, counted from `now`. */
export function expiryOf(choice: ExpiryChoice, now: Date = new Date()): string | null {
  const days = EXPIRY_CHOICES.find((c) => c.value === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString();
}

/** The link's absolute address on this host. */
export function absoluteLink(path: string, origin: string = window.location.origin): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

export const STATUS_LOOK: Record<ShareLinkStatus, { color: string; label: string }> = {
  active: { color: 'teal', label: 'Active' },
  expired: { color: 'orange', label: 'Expired' },
  revoked: { color: 'gray', label: 'Revoked' },
};

/** Active links first, then the newest. */
export function sortLinks(links: readonly DashboardExport[]): DashboardExport[] {
  const rank = (link: DashboardExport) => (link.status === 'active' ? 0 : 1);
  return [...links].sort((a, b) => rank(a) - rank(b) || b.created_at.localeCompare(a.created_at));
}
