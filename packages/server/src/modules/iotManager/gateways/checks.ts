/** What a gateway write must respect: its parent, unique credentials and the org's limit. */
import {
  DEFAULT_TOPIC_ROOT,
  defaultTopic,
  type FieldError,
  inDefaultTopicRoot,
  TOPIC_NOT_AVAILABLE,
} from '@ferrite/contracts';
import { assertUsable } from '../../../platform/http/problem';
import { HttpProblem, problems } from '../shared';
import type { Connection } from './connection';
import type { GatewayRepository, GatewayRow } from './repository';

/** The gateway of the organization, or 404. */
export async function mustFindGateway(
  repo: GatewayRepository,
  orgId: string,
  id: string,
): Promise<GatewayRow> {
  const row = await repo.findById(orgId, id);
  if (!row) throw problems.notFound('Gateway');
  return row;
}

/**
 * A parent must be another gateway of the same organization and project, and (on edit) must not sit
 * beneath the gateway itself: 422 at body.parent_id otherwise.
 */
export async function assertParentUsable(
  repo: GatewayRepository,
  orgId: string,
  projectId: string,
  gatewayId: string,
  parentId: string | null,
): Promise<void> {
  if (!parentId) return;
  const links = await repo.parentLinks(orgId, projectId);
  const errors: FieldError[] = [];
  if (parentId === gatewayId) {
    errors.push({ path: 'body.parent_id', message: 'A gateway cannot be its own parent' });
  } else if (!links.has(parentId)) {
    errors.push({ path: 'body.parent_id', message: 'No gateway with this id in this project' });
  } else {
    // Walk up from the new parent; meeting the gateway means it would become its own ancestor.
    const seen = new Set<string>();
    for (let at: string | null | undefined = parentId; at && !seen.has(at); at = links.get(at)) {
      if (at === gatewayId) {
        errors.push({ path: 'body.parent_id', message: 'This gateway sits beneath the one being edited' });
        break;
      }
      seen.add(at);
    }
  }
  assertUsable(errors);
}

/**
 * 409 with field errors when another gateway already uses the topic (or a topic above or below it:
 * topicTree.ts), the client id or the user name. All three are the platform's, not an organization's:
 * one broker serves everyone, and on an external broker the user name is the gateway's account, which a
 * second gateway could not get. `kept` are the gateway's current topic and user name (on edit): kept
 * ones are not checked again, so user names shared and topics overlapping before these checks stay
 * editable (an overlapping topic stays blocked at the broker until it is changed). A new topic in the
 * default topics' namespace is refused (422) unless it is the gateway's own default, which is never
 * refused: a tenant holding `ferrite` must not stop every other gateway from getting its default topic.
 */
export async function assertCredentialsFree(
  repo: GatewayRepository,
  gatewayId: string,
  connection: Pick<Connection, 'topic' | 'client_id' | 'username'>,
  kept: Pick<Connection, 'topic' | 'username'> | null = null,
): Promise<void> {
  const username = connection.username === kept?.username ? null : connection.username;
  const newTopic = connection.topic === kept?.topic ? null : connection.topic;
  const ownDefault = newTopic === defaultTopic(gatewayId);
  if (newTopic !== null && !ownDefault && inDefaultTopicRoot(newTopic)) {
    assertUsable([
      {
        path: 'body.topic',
        message: `Topics under ${DEFAULT_TOPIC_ROOT}/ are the default topics: leave the topic empty to get one`,
      },
    ]);
  }
  const topic = ownDefault ? null : newTopic;
  if (topic !== null) await repo.lockTopics();
  const clash = await repo.clashes(topic, connection.client_id, gatewayId, username);
  // A user name that is the client id (the default) is taken exactly when the client id is: say it once.
  const problem = credentialClash({
    ...clash,
    username: clash.username && !(clash.clientId && connection.username === connection.client_id),
  });
  if (problem) throw problem;
}

/** The 409 for a topic, client id or user name in use, or null when all are free. */
export function credentialClash(clash: {
  topic: boolean;
  clientId: boolean;
  username?: boolean;
}): HttpProblem | null {
  const errors: FieldError[] = [];
  // The same words whoever holds it, in whichever organization: a refusal must not reveal a tenant.
  if (clash.topic) errors.push({ path: 'body.topic', message: TOPIC_NOT_AVAILABLE });
  if (clash.clientId)
    errors.push({ path: 'body.client_id', message: 'Another gateway already uses this client id' });
  if (clash.username)
    errors.push({ path: 'body.username', message: 'Another gateway already uses this user name' });
  if (errors.length === 0) return null;
  return new HttpProblem(409, 'Conflict', errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** 409 when one more active gateway would pass the organization's limit (call under lockOrgGateways). */
export async function assertBelowLimit(repo: GatewayRepository, orgId: string): Promise<void> {
  const { limit, used } = await repo.limitUsage(orgId);
  if (used >= limit) {
    throw new HttpProblem(
      409,
      'Gateway limit reached',
      `This organization may have ${limit} active gateways and has ${used}. Archive or delete a gateway, or ask your platform admin for a higher limit.`,
    );
  }
}
