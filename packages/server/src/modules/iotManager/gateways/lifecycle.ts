/**
 * A gateway's life after creation: archive (its devices are refused), unarchive (within the limit),
 * a new access token, and deletion. Each tells the transports to forget what they cached (and an
 * external broker's credentials to follow) once its transaction committed.
 */
import type { Gateway, GatewayWithToken } from '@ferrite/contracts';
import { type Actor, activityBase, problems } from '../shared';
import { assertBelowLimit, mustFindGateway } from './checks';
import { newGatewayToken } from './connection';
import { presentGateway } from './presenter';
import type { GatewayService } from './service';

/** Archives or unarchives a gateway; 409 when it is in that state already or the limit is reached. */
export async function setGatewayArchived(
  service: GatewayService,
  actor: Actor,
  id: string,
  archive: boolean,
): Promise<Gateway> {
  const after = await service.repo.transaction(async (repo) => {
    if (!archive) await repo.lockOrgGateways(actor.orgId);
    const current = await mustFindGateway(repo, actor.orgId, id);
    const already = problems.conflict(
      `Gateway "${current.name}" is already ${archive ? 'archived' : 'active'}`,
    );
    if (Boolean(current.archived_at) === archive) throw already;
    if (!archive) await assertBelowLimit(repo, actor.orgId);
    const before = presentGateway(current);
    if (!(await repo.setArchivedAt(actor.orgId, id, archive ? new Date() : null))) throw already;
    const updated = presentGateway(await mustFindGateway(repo, actor.orgId, id));
    await repo.recordActivity({
      ...activityBase(actor, 'gateway', id),
      action: archive ? 'archived' : 'unarchived',
      summary: `${archive ? 'Archived' : 'Unarchived'} gateway "${updated.name}"`,
      before,
      after: updated,
    });
    return updated;
  });
  await service.deps.deviceLink.gatewayChanged(id);
  return after;
}

/** Replaces the access token; the old one stops working and the new one is answered once. */
export async function rotateGatewayToken(
  service: GatewayService,
  actor: Actor,
  id: string,
): Promise<GatewayWithToken> {
  const token = newGatewayToken();
  const result = await service.repo.transaction(async (repo) => {
    const current = await mustFindGateway(repo, actor.orgId, id);
    if (!(await repo.replaceToken(actor.orgId, id, token.hash, token.hint)))
      throw problems.notFound('Gateway');
    const gateway = presentGateway(await mustFindGateway(repo, actor.orgId, id));
    await repo.recordActivity({
      ...activityBase(actor, 'gateway', id),
      action: 'rotated_token',
      summary: `Issued a new access token for gateway "${current.name}" (ending ${token.hint})`,
    });
    return { gateway, access_token: token.token };
  });
  // After the commit, with the plaintext token: the only moment an external broker can be given it.
  await service.deps.deviceLink.gatewayChanged(id, token.token);
  return result;
}

/** Deletes a gateway for good, with its mappings, log, commands and rollouts. */
export async function deleteGateway(service: GatewayService, actor: Actor, id: string): Promise<void> {
  await service.repo.transaction(async (repo) => {
    const before = presentGateway(await mustFindGateway(repo, actor.orgId, id));
    await repo.delete(actor.orgId, id);
    await repo.recordActivity({
      ...activityBase(actor, 'gateway', id),
      action: 'deleted',
      summary: `Deleted gateway "${before.name}"`,
      before,
    });
  });
  await service.deps.deviceLink.gatewayChanged(id);
}
