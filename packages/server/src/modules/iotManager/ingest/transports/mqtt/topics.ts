/**
 * How a published topic relates to gateways (contracts deviceProtocol: telemetry `{topic}`, heartbeat,
 * ack, commands). Attribution is by exact topic only: a topic belongs to the one gateway one of whose
 * four topics it is, and to none when that is not a single gateway.
 */
import { MQTT_ACK_SUFFIX, MQTT_COMMANDS_SUFFIX, MQTT_HEARTBEAT_SUFFIX } from '@ferrite/contracts';
import type { IngestGateway } from '../../gatewayDirectory';

export type TopicRole = 'telemetry' | 'heartbeat' | 'ack' | 'commands';

/** What a blocked gateway's log says when the broker refuses it (its owners read it; names nobody). */
export const TOPIC_BLOCKED_MESSAGE =
  "This topic is not available: it overlaps another gateway's topic, so MQTT publishes and subscriptions are refused until the topic is changed";

const SUFFIXES = [
  [MQTT_ACK_SUFFIX, 'ack'],
  [MQTT_HEARTBEAT_SUFFIX, 'heartbeat'],
  [MQTT_COMMANDS_SUFFIX, 'commands'],
] as const;

/** The role of `topic` for a gateway whose base topic is `base`, or null when it is not its own. */
export function topicRole(base: string, topic: string): TopicRole | null {
  if (topic === base) return 'telemetry';
  for (const [suffix, role] of SUFFIXES) if (topic === base + suffix) return role;
  return null;
}

/** Every (base topic, role) whose exact topic `topic` is: the base topics to look up, none preferred. */
export function candidateBases(topic: string): { base: string; role: TopicRole }[] {
  const out: { base: string; role: TopicRole }[] = [{ base: topic, role: 'telemetry' }];
  for (const [suffix, role] of SUFFIXES) {
    if (topic.endsWith(suffix) && topic.length > suffix.length)
      out.push({ base: topic.slice(0, -suffix.length), role });
  }
  return out;
}

/** Who a topic belongs to: one gateway and its role, `ambiguous` when several claim it, null when none. */
export type TopicOwner = { gateway: IngestGateway; role: TopicRole } | 'ambiguous' | null;

/**
 * The gateway whose telemetry, heartbeat, ack or command topic `topic` exactly is. Gateways whose topic
 * is blocked (an overlap left from before topics were checked) own nothing. Overlapping trees cannot be
 * created any more, so two owners would mean a row the check missed: the message then goes to neither.
 */
export async function topicOwner(
  topic: string,
  byBase: (base: string) => Promise<IngestGateway | null>,
): Promise<TopicOwner> {
  const found = await Promise.all(
    candidateBases(topic).map(async ({ base, role }) => ({ gateway: await byBase(base), role })),
  );
  const owners = found.filter(
    (entry): entry is { gateway: IngestGateway; role: TopicRole } =>
      entry.gateway !== null && !entry.gateway.topicBlocked,
  );
  if (owners.length > 1) return 'ambiguous';
  return owners[0] ?? null;
}
