/** Gateway topics that overlap (rows from before topics were checked; topicTreeRepository.ts). */
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/database';
import { TopicTreeRepository } from './topicTreeRepository';

/**
 * At start-up: warns (for the operator) of gateways whose topics overlap, by id only. Their owners see
 * it on the gateway (`topic_available`) and in its log when the broker refuses it.
 */
export async function warnOfTopicOverlaps(db: Db, log: Pick<Logger, 'warn'>): Promise<void> {
  const { pairs, blocked } = await new TopicTreeRepository(db).overlaps();
  if (pairs.length === 0) return;
  log.warn(
    { overlaps: pairs.slice(0, 100), count: pairs.length, blocked: blocked.slice(0, 100) },
    'Gateway topics overlap (gateways made before topics were checked): the blocked gateways get no MQTT traffic until their topics are changed',
  );
}
