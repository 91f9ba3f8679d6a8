/** SQL for identity: users, memberships, sessions, refresh and reset tokens, sign-up requests. */
import { Repository } from '../../platform/db/repository';

/** Data access for the auth module. */
export class AuthRepository extends Repository {
  /** The user with this (lower-cased) e-mail, if any. */
  findUserByEmail(email: string) {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** The user with this id, if any. */
  findUserById(id: string) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Organizations the user is an active member of, by name. */
  listUserOrgs(userId: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('orgs as o', 'o.id', 'm.org_id')
      .select(['o.id', 'o.name', 'o.slug', 'm.role'])
      .where('m.user_id', '=', userId)
      .where('m.archived_at', 'is', null)
      .where('o.archived_at', 'is', null)
      .orderBy('o.name')
      .execute();
  }

  /** The user's active membership of an active organization, if any. */
  findMembership(orgId: string, userId: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('orgs as o', 'o.id', 'm.org_id')
      .select(['m.role'])
      .where('m.org_id', '=', orgId)
      .where('m.user_id', '=', userId)
      .where('m.archived_at', 'is', null)
      .where('o.archived_at', 'is', null)
      .executeTakeFirst();
  }

  /** Opens a session with its first refresh token, in one transaction. */
  async openSession(orgId: string, userId: string, refreshHash: string, refreshExpiresAt: Date) {
    return this.db.transaction().execute(async (trx) => {
      const session = await trx
        .insertInto('auth_sessions')
        .values({ org_id: orgId, user_id: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: refreshHash, session_id: session.id, expires_at: refreshExpiresAt })
        .execute();
      await trx.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
      return session.id;
    });
  }

  /** A refresh token with its session, by hash. */
  findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens as r')
      .innerJoin('auth_sessions as s', 's.id', 'r.session_id')
      .select(['r.session_id', 'r.expires_at', 'r.rotated_at', 's.org_id', 's.user_id', 's.revoked_at'])
      .where('r.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Rotates a refresh token: marks the old one used and stores the new one, atomically. Answers false
   * when the old token was already rotated (a concurrent or replayed use).
   */
  async rotateRefreshToken(
    oldHash: string,
    newHash: string,
    sessionId: string,
    expiresAt: Date,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('refresh_tokens')
        .set({ rotated_at: new Date() })
        .where('token_hash', '=', oldHash)
        .where('rotated_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      if (!used) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: newHash, session_id: sessionId, expires_at: expiresAt })
        .execute();
      return true;
    });
  }

  /** Revokes one session (idempotent). */
  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every open session of a user, e.g. after a password reset. */
  async revokeUserSessions(userId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** True when an organization or a pending request already uses the slug. */
  async isSlugTaken(slug: string): Promise<boolean> {
    const org = await this.db.selectFrom('orgs').select('id').where('slug', '=', slug).executeTakeFirst();
    if (org) return true;
    const request = await this.db
      .selectFrom('org_requests')
      .select('id')
      .where('slug', '=', slug)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Boolean(request);
  }

  /** Creates a user and their organization request together. */
  async createUserWithRequest(
    user: { email: string; name: string; passwordHash: string; settings: string },
    org: { name: string; slug: string },
  ) {
    return this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({
          email: user.email,
          name: user.name,
          password_hash: user.passwordHash,
          settings: user.settings,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const request = await trx
        .insertInto('org_requests')
        .values({ user_id: created.id, organization_name: org.name, slug: org.slug })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user: created, request };
    });
  }

  /** Stores a password-reset token hash. */
  async insertPasswordReset(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
      .execute();
  }

  /**
   * Consumes a reset token and sets the new password hash in one transaction; answers the user id, or
   * null when the token is unknown, used or expired.
   */
  async consumePasswordReset(tokenHash: string, passwordHash: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const reset = await trx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('user_id')
        .executeTakeFirst();
      if (!reset) return null;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', reset.user_id)
        .execute();
      return reset.user_id;
    });
  }
}
