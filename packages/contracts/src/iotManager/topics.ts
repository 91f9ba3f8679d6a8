/**
 * A gateway's MQTT topic is a tenant boundary: the gateway owns `{topic}` and the topics under it
 * (`/heartbeat`, `/commands`, `/commands/ack`), and no other gateway, of any organization, may hold a
 * topic equal to, above or below it. The syntax rules live here so the form and the server say the same
 * thing; the overlap check needs every gateway and is the server's.
 */
import { z } from 'zod';
import { MQTT_ACK_SUFFIX, MQTT_COMMANDS_SUFFIX, MQTT_HEARTBEAT_SUFFIX } from './deviceProtocol';

/** Room for the longest suffix (`/commands/ack`) well inside MQTT's 65,535 bytes and the broker's ACLs. */
export const TOPIC_MAX_LENGTH = 200;
/** The root of the default topics `ferrite/<gateway uuid>`: nobody may choose a topic in it. */
export const DEFAULT_TOPIC_ROOT = 'ferrite';
/** The one answer to a topic held by another gateway: never whose, nor in which organization. */
export const TOPIC_NOT_AVAILABLE = 'This topic is not available';

/** Last levels that would make a topic look like another gateway's heartbeat, command or ack topic. */
const RESERVED_LAST_LEVELS = new Set(
  [MQTT_HEARTBEAT_SUFFIX, MQTT_COMMANDS_SUFFIX, MQTT_ACK_SUFFIX].map((suffix) => suffix.split('/').at(-1)),
);

/** Why a topic cannot be a gateway's, or null when its syntax is fine (overlaps are checked apart). */
export function topicSyntaxProblem(topic: string): string | null {
  if (topic.length === 0) return 'Please enter a topic';
  if (topic.length > TOPIC_MAX_LENGTH) return `A topic has at most ${TOPIC_MAX_LENGTH} characters`;
  if (/[+#]/.test(topic)) return 'A topic has no wildcards (+, #)';
  if (topic.startsWith('$')) return 'A topic does not start with $ (reserved for the broker)';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(topic)) return 'A topic has no control characters';
  const levels = topic.split('/');
  if (levels.some((level) => level === ''))
    return 'A topic has no empty levels: it does not start or end with / and has no //';
  // Mosquitto's ACLs read a level %c or %u as the client id or user name: a grant could reach another topic.
  if (levels.some((level) => level === '%c' || level === '%u')) return 'A topic level cannot be %c or %u';
  if (RESERVED_LAST_LEVELS.has(levels.at(-1)))
    return "A topic cannot end in /heartbeat, /commands or /ack: those are a gateway's own topics under its topic";
  return null;
}

/** The topics strictly above this one on level boundaries: `a/b/c` → `a`, `a/b`. */
export function topicAncestors(topic: string): string[] {
  const levels = topic.split('/');
  return levels.slice(1).map((_, index) => levels.slice(0, index + 1).join('/'));
}

/** The topic a gateway gets when none is chosen. */
export function defaultTopic(gatewayId: string): string {
  return `${DEFAULT_TOPIC_ROOT}/${gatewayId}`;
}

/** Whether a topic lies in the default topics' namespace (`ferrite` or under `ferrite/`). */
export function inDefaultTopicRoot(topic: string): boolean {
  return topic === DEFAULT_TOPIC_ROOT || topic.startsWith(`${DEFAULT_TOPIC_ROOT}/`);
}

/** An MQTT topic a gateway publishes on (trimmed), checked by `topicSyntaxProblem`. */
export const gatewayTopicSchema = z
  .string()
  .trim()
  .superRefine((topic, ctx) => {
    const problem = topicSyntaxProblem(topic);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
