/**
 * Sessions that ended (sign-out, revocation, a membership or an organization ended), told to every node
 * on the cluster bus so each closes the sockets it holds for them at once, not when their tokens expire
 * (socketServer.ts). The code that ends sessions announces it once its change is committed.
 */
import { SESSION_END_REASONS, type SessionEndedEvent } from '@ferrite/contracts';
import type { BusChannel, ClusterBus } from '../cluster';

export const SESSIONS_ENDED: BusChannel = 'ferrite_sessions_ended';

/** Whose sessions ended: one session, a user's everywhere, a member's in one organization, or a whole organization's. */
export type EndedSessions =
  | { sessionId: string }
  | { userId: string }
  | { orgId: string; userId: string }
  | { orgId: string };

type Reason = SessionEndedEvent['reason'];

/** What a socket's session is (a member's socket: AuthContext has these). */
interface SessionOf {
  sessionId: string;
  userId: string;
  orgId: string;
}

interface Announcement {
  sessionId?: string;
  userId?: string;
  orgId?: string;
  reason: Reason;
}

/** Tells every node (this one included) that these sessions ended; never rejects (ClusterBus.publish). */
export function announceSessionsEnded(bus: ClusterBus, ended: EndedSessions, reason: Reason): Promise<void> {
  return bus.publish(SESSIONS_ENDED, { ...ended, reason });
}

/** A bus payload as an announcement, or null when it is not one (it names no session, user or organization). */
export function readAnnouncement(payload: unknown): Announcement | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sessionId, userId, orgId, reason } = payload as Record<string, unknown>;
  const id = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const read = { sessionId: id(sessionId), userId: id(userId), orgId: id(orgId) };
  if (!read.sessionId && !read.userId && !read.orgId) return null;
  if (!SESSION_END_REASONS.includes(reason as Reason)) return null;
  return { ...read, reason: reason as Reason };
}

/** Whether the announcement covers the session: every id it names matches. */
export function covers(announcement: Announcement, session: SessionOf): boolean {
  return (
    (announcement.sessionId === undefined || announcement.sessionId === session.sessionId) &&
    (announcement.userId === undefined || announcement.userId === session.userId) &&
    (announcement.orgId === undefined || announcement.orgId === session.orgId)
  );
}

/** How long announcements are kept for handshakes that were checking their session meanwhile. */
const RECENT_MS = 10_000;

/**
 * Announcements heard lately. A handshake that found its session live just before the session ended
 * joins after the announcement swept the sockets; its connection is checked here instead, against the
 * announcements heard since its check began (a session opened later, say after a password reset, is
 * not one of them).
 */
export class RecentEnds {
  private readonly heard: { announcement: Announcement; at: number }[] = [];

  add(announcement: Announcement, now = Date.now()): void {
    this.prune(now);
    this.heard.push({ announcement, at: now });
  }

  /** Why the session ended since `since` (epoch ms), or null. */
  endedFor(session: SessionOf, since: number, now = Date.now()): Reason | null {
    this.prune(now);
    const found = this.heard.find(({ announcement, at }) => at >= since && covers(announcement, session));
    return found?.announcement.reason ?? null;
  }

  private prune(now: number): void {
    while (this.heard[0] && now - this.heard[0].at > RECENT_MS) this.heard.shift();
  }
}
