/**
 * Which sockets an announcement ends: every id it names must match; and a handshake that was being
 * checked while a session ended is caught when it joins, but a session opened afterwards is not.
 */
import { describe, expect, it } from 'vitest';
import { covers, RecentEnds, readAnnouncement } from './sessionEnds';

const session = { sessionId: 's1', userId: 'u1', orgId: 'o1' };

describe('session end announcements', () => {
  it('cover the sessions whose every named id matches, and nothing when they name none', () => {
    const read = (payload: unknown) => readAnnouncement(payload);
    expect(covers(read({ sessionId: 's1', reason: 'signed_out' })!, session)).toBe(true);
    expect(covers(read({ sessionId: 's2', reason: 'signed_out' })!, session)).toBe(false);
    expect(covers(read({ userId: 'u1', reason: 'password_reset' })!, session)).toBe(true);
    expect(covers(read({ orgId: 'o1', userId: 'u2', reason: 'membership_ended' })!, session)).toBe(false);
    expect(covers(read({ orgId: 'o1', reason: 'organization_archived' })!, session)).toBe(true);
    expect(read({ reason: 'signed_out' })).toBeNull();
    expect(read({ sessionId: 's1', reason: 'bored' })).toBeNull();
    expect(read(null)).toBeNull();
  });

  it('end a handshake checked before they were heard, not a session checked after, for ten seconds', () => {
    const recent = new RecentEnds();
    recent.add({ userId: 'u1', reason: 'password_reset' }, 1_000);
    expect(recent.endedFor(session, 900, 1_050)).toBe('password_reset');
    // Signed in again with the new password: its handshake began after the announcement.
    expect(recent.endedFor({ ...session, sessionId: 's2' }, 1_010, 1_050)).toBeNull();
    expect(recent.endedFor(session, 900, 11_500)).toBeNull();
  });
});
