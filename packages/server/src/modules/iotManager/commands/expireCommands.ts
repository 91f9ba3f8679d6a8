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
  const { commandIds, rolloutIds } = await db.transaction().execute(async (trx) => {
    const commands = await trx
      .updateTable('gateway_commands')
      .set({ status: 'timed_out', completed_at: now })
      .where('status', 'in', ['pending', 'delivered'])
      .where('expires_at', '<=', now)
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .execute();
    const ids = commands.map((row) => row.id);
    const rollouts =
      ids.length === 0
        ? []
        : await trx
            .updateTable('firmware_rollouts')
            .set({ status: 'timed_out', message: ROLLOUT_TIMEOUT_MESSAGE, updated_at: now })
            .where('command_id', 'in', ids)
            .where('status', 'not in', ['succeeded', 'failed', 'timed_out'])
            .returning('id')
            .execute();
    return { commandIds: ids, rolloutIds: rollouts.map((row) => row.id) };
  });
  if (commandIds.length === 0) return 0;
  for (const row of await new CommandRepository(db).findMany(commandIds)) {
    announceCommand(realtime, row.org_id, presentCommand(row));
  }
  for (const row of await new FirmwareRepository(db).rolloutsByIds(rolloutIds)) {
    announceRollout(realtime, row.org_id, presentRollout(row));
  }
  return commandIds.length;
}
