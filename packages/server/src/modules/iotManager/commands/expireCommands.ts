/**
 * The expiry sweep: commands nobody acknowledged in time become timed_out, and so do the firmware
 * rollouts they carried. A periodic job calls it for every organization at once.
 */
import type { Db } from '../../../platform/db/database';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { presentRollout } from '../firmware/presenter';
import { FirmwareRepository } from '../firmware/repository';
import { announceCommand, announceRollout } from '../shared';
import { presentCommand } from './presenter';
import { CommandRepository } from './repository';

/** Why a rollout stopped when its command expired. */
export const ROLLOUT_TIMEOUT_MESSAGE = 'The gateway did not finish the update before the link expired';

/** Marks pending and delivered commands past expires_at (and their unfinished rollouts) timed_out; answers how many commands. */
export async function expireCommands(db: Db, realtime: RealtimeHub, now: Date = new Date()): Promise<number> {
  const commands = new CommandRepository(db);
  const { commandIds, rolloutIds } = await commands.transaction(async (repo) => {
    const ids = await repo.expireDue(now);
    const rollouts =
      ids.length === 0
        ? []
        : await repo.sibling(FirmwareRepository).timeOutByCommands(ids, ROLLOUT_TIMEOUT_MESSAGE, now);
    return { commandIds: ids, rolloutIds: rollouts };
  });
  if (commandIds.length === 0) return 0;
  for (const row of await commands.findMany(commandIds)) {
    announceCommand(realtime, row.org_id, presentCommand(row));
  }
  for (const row of await commands.sibling(FirmwareRepository).rolloutsByIds(rolloutIds)) {
    announceRollout(realtime, row.org_id, presentRollout(row));
  }
  return commandIds.length;
}
