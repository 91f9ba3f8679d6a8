/**
 * Callers remembered for a second. Every governed request needs its caller's live session, membership
 * and permissions; a dashboard or a busy operator sends many requests a second, and under ingest load
 * each lookup waits its turn at a busy database. So a caller found is reused for at most CALLER_TTL_MS,
 * and forgotten at once whenever a node answers a request that may change what someone may do (any
 * write but a device's): this node directly, the others through the cluster bus (authContext.ts), so a
 * change applies to the next request, as without the cache; the TTL bounds how late a node that missed
 * the message (its bus cut off) notices.
 */
import type { AuthorizedCaller } from './authContext';

/** How long a caller is reused: how late another node may notice a revoked session or a new role. */
export const CALLER_TTL_MS = 1_000;
/** Sessions remembered at most (all are forgotten beyond it: a second's worth is refilled quickly). */
const MAX_CALLERS = 10_000;

interface Remembered {
  caller: Omit<AuthorizedCaller, 'tokenExpiresAt'>;
  until: number;
}

export class CallerCache {
  private readonly callers = new Map<string, Remembered>();
  /** Bumped by every forget(): a lookup that started before it must not be remembered. */
  private generation = 0;

  /** The caller of a session, if found less than CALLER_TTL_MS ago and nothing changed since. */
  get(
    sessionId: string,
    userId: string,
    now = performance.now(),
  ): Omit<AuthorizedCaller, 'tokenExpiresAt'> | null {
    const key = `${sessionId}/${userId}`;
    const remembered = this.callers.get(key);
    if (!remembered) return null;
    if (remembered.until > now) return remembered.caller;
    this.callers.delete(key);
    return null;
  }

  /** The generation a lookup starts in; pass it to remember(). */
  get current(): number {
    return this.generation;
  }

  /** Remembers a caller found by a lookup that started in `generation` (dropped if anything changed since). */
  remember(caller: AuthorizedCaller, generation: number, now = performance.now()): void {
    if (generation !== this.generation) return;
    if (this.callers.size >= MAX_CALLERS) this.callers.clear();
    const { tokenExpiresAt: _perToken, ...rest } = caller;
    this.callers.set(`${caller.sessionId}/${caller.userId}`, { caller: rest, until: now + CALLER_TTL_MS });
  }

  /** Forgets every caller: something they may do may have changed. */
  forget(): void {
    this.generation += 1;
    this.callers.clear();
  }
}
