/**
 * Password links (spec §4 "Dashboard export"). The password is the owner's or generated, stored as an
 * argon2id hash and answered only by the call that set it. Revoking, a new password or a new expiry
 * raises the link's token version, which ends every share token signed before, and disconnects its
 * viewers.
 */
import { randomInt } from 'node:crypto';
import {
  DASHBOARD_MESSAGES,
  type DashboardExportCredentials,
  type DashboardExportSecretResponse,
  type dashboardExportBodySchema,
  type dashboardExportUpdateBodySchema,
  isValidPassword,
  sharedDashboardPath,
} from '@ferrite/contracts';
import type { z } from 'zod';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { hashPassword } from '../../../platform/security/passwords';
import { mustFindDashboard } from '../load';
import { type Actor, activityBase, announceShareEnded, problems } from '../shared';
import type { ExportRepository, ExportRow } from './exportRepository';
import { presentExport } from './presenter';

export type ExportInput = z.output<typeof dashboardExportBodySchema>;
export type ExportUpdateInput = z.output<typeof dashboardExportUpdateBodySchema>;

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIALS = '@$!%*#?&';

/** A random 16-character password that meets the product's password rule (spec §5). */
export function generateSharePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick(LETTERS), pick(DIGITS), pick(SPECIALS)];
  while (chars.length < 16) chars.push(pick(LETTERS + DIGITS));
  // Shuffle so the letter, digit and special are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  const password = chars.join('');
  return isValidPassword(password) ? password : generateSharePassword();
}

/** A dashboard's password links. */
export class ExportService {
  constructor(
    private readonly repo: ExportRepository,
    private readonly realtime: RealtimeHub,
  ) {}

  /** Makes a link with the given or a generated password; the answer is the only time it is shown. */
  async create(actor: Actor, dashboardId: string, body: ExportInput): Promise<DashboardExportSecretResponse> {
    const password = body.password ?? generateSharePassword();
    const passwordHash = await hashPassword(password);
    return this.repo.transaction(async (repo) => {
      const dashboard = await mustFindDashboard(repo, actor.orgId, dashboardId);
      const uuid = await repo.insert({
        orgId: actor.orgId,
        dashboardId,
        passwordHash,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        createdBy: actor.userId,
      });
      const link = presentExport((await repo.find(actor.orgId, dashboardId, uuid)) as ExportRow);
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_export', uuid),
        action: 'created',
        summary: `Shared dashboard "${dashboard.name}" by password link`,
        after: link,
      });
      return { export: link, password };
    });
  }

  /** Changes a link's expiry, revokes or restores it, or sets a new password (answered once). */
  async update(
    actor: Actor,
    dashboardId: string,
    uuid: string,
    body: ExportUpdateInput,
  ): Promise<DashboardExportSecretResponse> {
    const password = body.password ?? (body.regenerate_password ? generateSharePassword() : null);
    const passwordHash = password ? await hashPassword(password) : null;
    const { link, ended } = await this.repo.transaction(async (repo) => {
      const dashboard = await mustFindDashboard(repo, actor.orgId, dashboardId);
      const before = await repo.find(actor.orgId, dashboardId, uuid);
      if (!before) throw problems.notFound('Dashboard link');
      const revoking = body.revoked === true && !before.revoked_at;
      const newExpiry = body.expires_at !== undefined;
      const now = new Date();
      await repo.update(actor.orgId, uuid, {
        expiresAt:
          body.expires_at === undefined
            ? before.expires_at
            : body.expires_at
              ? new Date(body.expires_at)
              : null,
        revokedAt:
          body.revoked === undefined ? before.revoked_at : body.revoked ? (before.revoked_at ?? now) : null,
        passwordHash: passwordHash ?? before.password_hash,
        passwordSetAt: passwordHash ? now : before.password_set_at,
        // Any of these ends the link's sessions: a session never outlives what the owner last set.
        tokenVersion: before.token_version + (revoking || passwordHash || newExpiry ? 1 : 0),
      });
      const after = presentExport((await repo.find(actor.orgId, dashboardId, uuid)) as ExportRow);
      const changes = [
        revoking ? 'revoked' : body.revoked === false && before.revoked_at ? 'restored' : null,
        passwordHash ? 'new password' : null,
        newExpiry ? 'new expiry' : null,
      ].filter(Boolean);
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_export', uuid),
        action: revoking ? 'revoked' : 'updated',
        summary: `Updated the password link of dashboard "${dashboard.name}"${changes.length ? ` (${changes.join(', ')})` : ''}`,
        before: presentExport(before),
        after,
      });
      const reason = revoking
        ? ('revoked' as const)
        : passwordHash
          ? ('password_changed' as const)
          : newExpiry
            ? ('expiry_changed' as const)
            : null;
      return { link: after, ended: reason };
    });
    if (ended) announceShareEnded(this.realtime, { uuid, reason: ended });
    return { export: link, password };
  }

  /** The link's credentials for the owner: its address and state; the password is not recoverable. */
  async credentials(
    orgId: string,
    dashboardId: string,
    uuid: string,
    publicUrl: string,
  ): Promise<DashboardExportCredentials> {
    await mustFindDashboard(this.repo, orgId, dashboardId);
    const row = await this.repo.find(orgId, dashboardId, uuid);
    if (!row) throw problems.notFound('Dashboard link');
    return {
      ...presentExport(row),
      link: `${publicUrl}${sharedDashboardPath(uuid)}`,
      password_hint: DASHBOARD_MESSAGES.passwordHint,
    };
  }
}
