/** How a topic relates to a gateway's base topic (contracts deviceProtocol: telemetry, heartbeat, ack). */
import { MQTT_ACK_SUFFIX, MQTT_COMMANDS_SUFFIX, MQTT_HEARTBEAT_SUFFIX } from '@ferrite/contracts';

export type TopicRole = 'telemetry' | 'heartbeat' | 'ack' | 'commands';

/** The role of `topic` for a gateway whose base topic is `base`, or null when it is not its own. */
export function topicRole(base: string, topic: string): TopicRole | null {
  if (topic === base) return 'telemetry';
  if (topic === base + MQTT_HEARTBEAT_SUFFIX) return 'heartbeat';
  if (topic === base + MQTT_ACK_SUFFIX) return 'ack';
  if (topic === base + MQTT_COMMANDS_SUFFIX) return 'commands';
  return null;
}

/** The base topics a published topic could belong to, most specific reading first. */
export function candidateBases(topic: string): { base: string; role: TopicRole }[] {
  const out: { base: string; role: TopicRole }[] = [];
  for (const [suffix, role] of [
    [MQTT_ACK_SUFFIX, 'ack'],
    [MQTT_HEARTBEAT_SUFFIX, 'heartbeat'],
    [MQTT_COMMANDS_SUFFIX, 'commands'],
  ] as const) {
    if (topic.endsWith(suffix) && topic.length > suffix.length)
      out.push({ base: topic.slice(0, -suffix.length), role });
  }
  out.push({ base: topic, role: 'telemetry' });
  return out;
}
