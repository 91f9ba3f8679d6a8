/** Auth use cases: sign-in, organization sign-in, token validation, refresh with rotation, sign-out. */
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ORG_STEP_TOKEN_TTL_SECONDS,
  type OrgSignInResponse,
  REFRESH_TOKEN_TTL_SECONDS,
  type SignInResponse,
  type TokenPair,
  type ValidateTokenResponse,
} from '@ferrite/contracts';
import type { ClusterBus } from '../../platform/cluster';
import type { Db } from '../../platform/db/database';
import { resolveAccessToken } from '../../platform/http/authContext';
import { problems } from '../../platform/http/problem';
import { announceSessionsEnded } from '../../platform/realtime/sessionEnds';
import type { JwtService } from '../../platform/security/jwt';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/security/opaqueTokens';
import { verifyPassword } from '../../platform/security/passwords';
import { SignInFailureRepository } from './failureRepository';
import { presentOrgSummary, presentUserSummary } from './presenter';
import { AuthRepository } from './repository';
import { SignInThrottle } from './throttle';

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Sign-in and the token lifecycle. */
export class AuthService {
  private readonly repo: AuthRepository;
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly db: Db,
    private readonly jwt: JwtService,
    /** Where ended sessions are announced, so their sockets close on every node. */
    private readonly bus: ClusterBus,
  ) {
    this.repo = new AuthRepository(db);
    this.throttle = new SignInThrottle(new SignInFailureRepository(db));
  }

  /** Checks credentials and answers the user, their organizations and the token for the organization step. */
  async signIn(email: string, password: string, ip: string): Promise<SignInResponse> {
    return this.organizationStep(await this.verifyCredentials(email, password, ip));
  }

  /**
   * Back to the organization step from a live session (the account menu's "Switch organization"):
   * the same answer as sign-in, without the password, since the session already proves who it is.
   */
  async switchOrg(userId: string): Promise<SignInResponse> {
    const user = await this.repo.findUserById(userId);
    if (!user) throw problems.unauthorized('Sign in again', 'Session expired');
    return this.organizationStep(user);
  }

  /** The user, their organizations and a short-lived token for picking one (sign-in's answer). */
  private async organizationStep(user: Parameters<typeof presentUserSummary>[0]): Promise<SignInResponse> {
    const orgs = await this.repo.listUserOrgs(user.id);
    const authToken = await this.jwt.sign({ sub: user.id, purpose: 'org-step' }, ORG_STEP_TOKEN_TTL_SECONDS);
    return {
      user: presentUserSummary(user),
      orgs: orgs.map(presentOrgSummary),
      auth_token: authToken,
      auth_token_expires_in: ORG_STEP_TOKEN_TTL_SECONDS,
    };
  }

  /**
   * Checks an e-mail and password under the sign-in throttle; answers the user, or throws the same
   * 401 for an unknown e-mail as for a wrong password (429 when throttled).
   */
  async verifyCredentials(email: string, password: string, ip: string) {
    const attempt = await this.throttle.begin(email, ip);
    const user = await this.repo.findUserByEmail(email);
    const valid = await verifyPassword(user?.password_hash, password);
    // A wrong try stays counted; an unknown e-mail counts the same, so the wait tells nothing.
    if (!user || !valid) {
      await attempt.failed();
      throw problems.unauthorized('Check your e-mail and password and try again', INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    return user;
  }

  /** Exchanges the organization-step token for a session in one organization. */
  async orgSignIn(orgId: string, authToken: string | undefined): Promise<OrgSignInResponse> {
    const claims = authToken ? await this.jwt.verify(authToken, 'org-step') : null;
    if (!claims) throw problems.unauthorized('Sign in again to choose an organization', 'Sign-in expired');
    const membership = await this.repo.findMembership(orgId, claims.sub);
    if (!membership) throw problems.forbidden('You are not a member of this organization');
    return this.openOrgSession(orgId, claims.sub);
  }

  /**
   * Opens a session in an organization for a user whose identity and active membership the caller
   * has already established (organization sign-in, accepting an invitation).
   */
  async openOrgSession(orgId: string, userId: string): Promise<OrgSignInResponse> {
    const refreshToken = newOpaqueToken();
    const sessionId = await this.repo.openSession(
      orgId,
      userId,
      hashOpaqueToken(refreshToken),
      refreshExpiry(),
    );
    const accessToken = await this.signAccess(userId, orgId, sessionId);
    return {
      user_id: userId,
      org_id: orgId,
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    };
  }

  /** Confirms an access token belongs to a live session. */
  async validateToken(accessToken: string): Promise<ValidateTokenResponse> {
    const auth = await resolveAccessToken(this.db, this.jwt, accessToken);
    if (!auth) throw problems.unauthorized('The access token is invalid or has expired', 'Token expired');
    return {
      is_valid: true,
      user_id: auth.userId,
      org_id: auth.orgId,
      expires_at: auth.tokenExpiresAt.toISOString(),
    };
  }

  /** Rotates a refresh token; presenting one that was already rotated revokes the whole session. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const oldHash = hashOpaqueToken(refreshToken);
    const stored = await this.repo.findRefreshToken(oldHash);
    if (!stored || stored.revoked_at) throw problems.unauthorized('Sign in again', 'Session expired');
    if (stored.rotated_at) {
      await this.endSession(stored.session_id, 'refresh token reuse', 'revoked');
      throw problems.unauthorized(
        'This session was ended because an old refresh token was used again',
        'Session revoked',
      );
    }
    if (stored.expires_at.getTime() <= Date.now())
      throw problems.unauthorized('Sign in again', 'Session expired');
    if (!(await this.repo.findMembership(stored.org_id, stored.user_id))) {
      await this.endSession(stored.session_id, 'membership ended', 'membership_ended');
      throw problems.unauthorized('You are no longer a member of this organization', 'Session expired');
    }
    const nextToken = newOpaqueToken();
    const rotated = await this.repo.rotateRefreshToken(
      oldHash,
      hashOpaqueToken(nextToken),
      stored.session_id,
      refreshExpiry(),
    );
    if (!rotated) {
      await this.endSession(stored.session_id, 'refresh token reuse', 'revoked');
      throw problems.unauthorized(
        'This session was ended because an old refresh token was used again',
        'Session revoked',
      );
    }
    const accessToken = await this.signAccess(stored.user_id, stored.org_id, stored.session_id);
    return { access_token: accessToken, refresh_token: nextToken, expires_in: ACCESS_TOKEN_TTL_SECONDS };
  }

  /** Ends the session the tokens belong to; signing out twice is harmless. */
  async signOut(accessToken: string, refreshToken: string): Promise<void> {
    const stored = await this.repo.findRefreshToken(hashOpaqueToken(refreshToken));
    const claims = await this.jwt.verify(accessToken, 'access');
    const sessionId = stored?.session_id ?? (typeof claims?.sid === 'string' ? claims.sid : null);
    if (!sessionId) throw problems.unauthorized('These tokens do not belong to a session', 'Invalid tokens');
    if (stored && claims && claims.sid !== stored.session_id) {
      throw problems.badRequest('The access token and refresh token belong to different sessions');
    }
    await this.endSession(sessionId, 'sign-out', 'signed_out');
  }

  /** Revokes the session, then closes its sockets on every node. */
  private async endSession(
    sessionId: string,
    why: string,
    reason: 'signed_out' | 'revoked' | 'membership_ended',
  ): Promise<void> {
    await this.repo.revokeSession(sessionId, why);
    await announceSessionsEnded(this.bus, { sessionId }, reason);
  }

  private signAccess(userId: string, orgId: string, sessionId: string): Promise<string> {
    return this.jwt.sign(
      { sub: userId, purpose: 'access', org: orgId, sid: sessionId },
      ACCESS_TOKEN_TTL_SECONDS,
    );
  }
}

function refreshExpiry(): Date {
  return new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
}
