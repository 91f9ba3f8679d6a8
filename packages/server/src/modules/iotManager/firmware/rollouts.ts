/**
 * Rolling firmware out: per gateway a `firmware_update` command carrying a signed download link and a
 * rollout that follows it (pending → notified → downloading → installing → succeeded | failed | timed_out).
 * Everything is written in one transaction; pushes go out after it commits.
 */
import { randomUUID } from 'node:crypto';
import {
  FIRMWARE_COMMAND,
  FIRMWARE_LINK_TTL_S,
  type FieldError,
  type FirmwareCommandValue,
  type Rollout,
} from '@ferrite/contracts';
import type { Config } from '../../../config';
import { assertUsable } from '../../../platform/http/problem';
import { absoluteLink, type BlobStore } from '../../../platform/storage/blobStore';
import { type DispatchDeps, dispatchCommand } from '../commands/dispatch';
import { CommandRepository, type CommandRow } from '../commands/repository';
import { type Actor, activityBase, announceRollout, problems } from '../shared';
import { presentRollout } from './presenter';
import type { FirmwareRepository } from './repository';

export interface RolloutDeps extends DispatchDeps {
  config: Pick<Config, 'publicUrl'>;
  blobs: BlobStore;
}

/** The public route a signed firmware link points at. */
export function firmwareDownloadPath(firmwareId: string): string {
  return `/api/iot_mgmt/firmware/${firmwareId}/download`;
}

/** Offers a firmware file to active gateways of the organization (422 naming any other id, nothing written). */
export async function startRollout(
  repo: FirmwareRepository,
  deps: RolloutDeps,
  actor: Actor,
  firmwareId: string,
  gatewayIds: readonly string[],
): Promise<Rollout[]> {
  const planned = await repo.transaction(async (trx) => {
    const firmware = await trx.findById(actor.orgId, firmwareId);
    if (!firmware) throw problems.notFound('Firmware');
    const wanted = [...new Set(gatewayIds)];
    const gateways = await trx.activeGateways(actor.orgId, wanted);
    const found = new Set(gateways.map((gateway) => gateway.id));
    const errors: FieldError[] = [];
    gatewayIds.forEach((id, index) => {
      if (!found.has(id)) {
        errors.push({
          path: `body.gateway_ids.${index}`,
          message: 'No active gateway with this id in this organization',
        });
      }
    });
    assertUsable(errors);
    const link = deps.blobs.signedPath(firmware.blob_key, FIRMWARE_LINK_TTL_S, {
      routePath: firmwareDownloadPath(firmware.id),
    });
    const url = absoluteLink(deps.config.publicUrl, link);
    const expiresAt = new Date(Date.now() + FIRMWARE_LINK_TTL_S * 1000);
    const commands = trx.sibling(CommandRepository);
    const plan: { gateway: (typeof gateways)[number]; rolloutId: string; command: CommandRow }[] = [];
    for (const gateway of gateways) {
      const rolloutId = randomUUID();
      const commandId = randomUUID();
      const value: FirmwareCommandValue = {
        rollout_id: rolloutId,
        firmware_id: firmware.id,
        name: firmware.name,
        version: firmware.version,
        url,
        sha256: firmware.sha256,
        size: Number(firmware.size),
      };
      await commands.insert({
        id: commandId,
        orgId: actor.orgId,
        gatewayId: gateway.id,
        name: FIRMWARE_COMMAND,
        value,
        createdBy: actor.userId,
        expiresAt,
      });
      await trx.insertRollout({
        id: rolloutId,
        orgId: actor.orgId,
        firmwareId,
        gatewayId: gateway.id,
        commandId,
      });
      plan.push({
        gateway,
        rolloutId,
        command: (await commands.findById(actor.orgId, commandId)) as CommandRow,
      });
    }
    const names = gateways.map((gateway) => `"${gateway.name}"`).join(', ');
    await trx.recordActivity({
      ...activityBase(actor, 'firmware', firmware.id),
      action: 'rolled_out',
      summary: `Rolled out firmware "${firmware.name}" version ${firmware.version} to ${names}`,
      after: { gateway_ids: gateways.map((gateway) => gateway.id) },
    });
    return { plan, what: `firmware "${firmware.name}" ${firmware.version}` };
  });

  const commands = repo.sibling(CommandRepository);
  for (const { gateway, rolloutId, command } of planned.plan) {
    const { sent } = await dispatchCommand(commands, deps, gateway, command, {
      kind: 'firmware',
      what: planned.what,
    });
    if (sent) await repo.markNotified(actor.orgId, rolloutId);
  }
  const rows = await repo.rolloutsByIds(planned.plan.map((step) => step.rolloutId));
  const order = new Map(planned.plan.map((step, index) => [step.rolloutId, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const rollouts = rows.map(presentRollout);
  for (const rollout of rollouts) announceRollout(deps.realtime, actor.orgId, rollout);
  return rollouts;
}
