/**
 * A gateway's MQTT topic is a tenant boundary: no gateway of any organization may take a topic equal
 * to, above or below another's, nor one that looks like another gateway's heartbeat, command or ack
 * topic; the refusal never says who holds it. Overlaps left from before these checks are flagged.
 */
import { randomUUID } from 'node:crypto';
import { TOPIC_NOT_AVAILABLE } from '@ferrite/contracts';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../../platform/security/opaqueTokens';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin, addProject } from '../../entityManager/testSupport';
import { createGateway, errorPaths, gatewayBody, type IotClient, iotClient } from '../testSupport';
import { warnOfTopicOverlaps } from './topicTree';
import { TopicTreeRepository } from './topicTreeRepository';

let platform: TestPlatform;
/** Two organizations that know nothing of each other. */
let plantA: { orgId: string; iot: IotClient; projectId: string };
let plantB: { orgId: string; iot: IotClient; projectId: string };
/** Topics are the platform's: each test works under a root of its own. */
const root = () => `t${randomUUID().slice(0, 8)}`;

async function tenant(slug: string) {
  const { orgId, token } = await addOrgWithAdmin(platform, slug, ['iotManager']);
  const projectId = await addProject(platform, orgId, `${slug} line`);
  return { orgId, iot: iotClient(platform, orgId, token), projectId };
}

beforeAll(async () => {
  platform = await createTestPlatform();
  plantA = await tenant(`topic-owner-${randomUUID().slice(0, 6)}`);
  plantB = await tenant(`topic-squatter-${randomUUID().slice(0, 6)}`);
});
afterAll(() => platform.close());

const create = (who: typeof plantA, name: string, topic?: string) =>
  who.iot.post(
    `/projects/${who.projectId}/gateways`,
    gatewayBody(name, topic === undefined ? {} : { topic }),
  );

/** A gateway row written as an older release would have (no topic checks), `createdAt` ago. */
async function legacyGateway(who: typeof plantA, topic: string, createdAt: Date): Promise<string> {
  const id = randomUUID();
  await platform.deps.db
    .insertInto('gateways')
    .values({
      id,
      org_id: who.orgId,
      project_id: who.projectId,
      name: `Legacy ${topic}`,
      type: 'MQTT',
      protocol: 'MQTT',
      topic,
      client_id: `legacy-${id.slice(0, 8)}`,
      username: `legacy-${id.slice(0, 8)}`,
      token_hash: hashOpaqueToken(`fgw_${id}`),
      token_hint: id.slice(-4),
      created_at: createdAt,
    })
    .execute();
  return id;
}

describe('a topic inside another gateway’s tree', () => {
  it("refuses another organization's gateway on the owner's command topic, above it or below it, without naming anyone", async () => {
    const base = `${root()}/line1`;
    await createGateway(plantA.iot, plantA.projectId, gatewayBody('Press A', { topic: base }));
    // A command, ack or heartbeat topic is refused by its shape alone (400), the same for everyone.
    for (const topic of [`${base}/commands`, `${base}/commands/ack`, `${base}/heartbeat`]) {
      const refused = await create(plantB, 'Squatter', topic);
      expect(refused.statusCode, topic).toBe(400);
      expect(errorPaths(refused), topic).toEqual(['body.topic']);
    }
    for (const topic of [
      base,
      `${base}/commands/x`,
      `${base}/heartbeat/x`,
      `${base}/sub/deeper`,
      base.split('/')[0] as string,
    ]) {
      const refused = await create(plantB, 'Squatter', topic);
      expect(refused.statusCode, topic).toBe(409);
      expect(refused.json().errors, topic).toEqual([{ path: 'body.topic', message: TOPIC_NOT_AVAILABLE }]);
      // Nothing about the holder: not its organization, project, gateway or name.
      for (const secret of [plantA.orgId, plantA.projectId, 'Press A', 'topic-owner'])
        expect(refused.body, topic).not.toContain(secret);
    }
    // Level boundaries: a topic that only shares characters is another tree.
    for (const topic of [`${base}0`, `${base}x/commands/y`, base.slice(0, -1)])
      expect((await create(plantB, 'Neighbour', topic)).statusCode, topic).toBe(201);
  });

  it('answers the same words within one organization', async () => {
    const base = `${root()}/boiler`;
    await createGateway(plantA.iot, plantA.projectId, gatewayBody('Boiler', { topic: `${base}/north` }));
    const refused = await create(plantA, 'Boiler 2', base);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ path: 'body.topic', message: TOPIC_NOT_AVAILABLE }]);
  });

  it('refuses an edit that moves a topic into or over another tree, and keeps an edit that leaves it alone', async () => {
    const base = root();
    await createGateway(plantA.iot, plantA.projectId, gatewayBody('Owner', { topic: `${base}/a` }));
    const mover = (
      await createGateway(plantB.iot, plantB.projectId, gatewayBody('Mover', { topic: `${base}/b` }))
    ).gateway;
    for (const topic of [`${base}/a/commands/x`, base, `${base}/a`]) {
      const moved = await plantB.iot.put(`/gateways/${mover.id}`, gatewayBody('Mover', { topic }));
      expect(moved.statusCode, topic).toBe(409);
      expect(moved.json().errors).toEqual([{ path: 'body.topic', message: TOPIC_NOT_AVAILABLE }]);
    }
    const renamed = await plantB.iot.put(
      `/gateways/${mover.id}`,
      gatewayBody('Renamed', { topic: `${base}/b` }),
    );
    expect(renamed.statusCode).toBe(200);
  });

  it('lets only one of two concurrent creates take overlapping topics', async () => {
    const base = root();
    const answers = await Promise.all([
      create(plantA, 'Racer A', `${base}/x`),
      create(plantB, 'Racer B', base),
      create(plantB, 'Racer C', `${base}/x/y`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('finds the topics below one through the byte-ordered index, not by reading every gateway', async () => {
    const compiled = new TopicTreeRepository(platform.deps.db)
      .treeQuery(`${root()}/plan`, randomUUID())
      .compile();
    const plan = await platform.deps.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      const explained = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('gateways_topic_bytes_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('what a topic may look like', () => {
  it('refuses wildcards, $, empty levels, control characters, reserved last levels, ACL patterns and long topics (400 on body.topic)', async () => {
    const base = root();
    for (const topic of [
      `${base}/+/x`,
      `${base}/#`,
      `${base}#`,
      `$SYS/${base}`,
      `/${base}`,
      `${base}/`,
      `${base}//x`,
      `${base}/a\u0007b`,
      `${base}/a\u0000`,
      `${base}/heartbeat`,
      `${base}/commands`,
      `${base}/commands/ack`,
      `${base}/ack`,
      `${base}/%c`,
      `${base}/${'x'.repeat(200)}`,
    ]) {
      const refused = await create(plantB, 'Odd', topic);
      expect(refused.statusCode, JSON.stringify(topic)).toBe(400);
      expect(errorPaths(refused), JSON.stringify(topic)).toEqual(['body.topic']);
    }
  });

  it('keeps the default topics for their gateways: ferrite and ferrite/… are refused (422), a gateway’s own default is fine', async () => {
    for (const topic of ['ferrite', 'ferrite/mine', `ferrite/${randomUUID()}`]) {
      const refused = await create(plantB, 'Pretender', topic);
      expect(refused.statusCode, topic).toBe(422);
      expect(errorPaths(refused)).toEqual(['body.topic']);
    }
    const own = (
      await createGateway(plantB.iot, plantB.projectId, gatewayBody('Own', { topic: `${root()}/own` }))
    ).gateway;
    const back = await plantB.iot.put(
      `/gateways/${own.id}`,
      gatewayBody('Own', { topic: `ferrite/${own.id}` }),
    );
    expect(back.statusCode).toBe(200);
    expect(back.json().topic).toBe(`ferrite/${own.id}`);
  });
});

describe('overlaps left from before topics were checked', () => {
  it('flags the later gateway as topic not available, tells its owner nothing more, and warns the operator by id', async () => {
    const base = root();
    const owner = await legacyGateway(plantA, `${base}/line1`, new Date(Date.now() - 60_000));
    const squatter = await legacyGateway(plantB, `${base}/line1/commands`, new Date());
    const ownerView = (await plantA.iot.get(`/gateways/${owner}`)).json();
    const squatterView = (await plantB.iot.get(`/gateways/${squatter}`)).json();
    expect(ownerView.topic_available).toBe(true);
    expect(squatterView.topic_available).toBe(false);
    const listed = (await plantB.iot.get(`/projects/${plantB.projectId}/gateways`, { search: base })).json();
    expect(
      listed.gateways.map((g: { id: string; topic_available: boolean }) => [g.id, g.topic_available]),
    ).toEqual([[squatter, false]]);
    expect(JSON.stringify(squatterView)).not.toContain(owner);

    // Both stay editable while their topics are kept; the squatter gets its topic back only by changing it.
    expect(
      (await plantA.iot.put(`/gateways/${owner}`, gatewayBody('Owner renamed', { topic: `${base}/line1` })))
        .statusCode,
    ).toBe(200);
    const warned: { obj: Record<string, unknown>; msg: string }[] = [];
    await warnOfTopicOverlaps(platform.deps.db, {
      warn: (obj: Record<string, unknown>, msg: string) => warned.push({ obj, msg }),
    } as never);
    const warning = JSON.stringify(warned);
    expect(warning).toContain(owner);
    expect(warning).toContain(squatter);
    expect(warning).not.toContain('topic-owner');
    expect(warned[0]?.obj.blocked).toEqual(expect.arrayContaining([squatter]));
    expect(warned[0]?.obj.blocked).not.toContain(owner);

    const fixed = await plantB.iot.put(
      `/gateways/${squatter}`,
      gatewayBody('Fixed', { topic: `${base}/line2` }),
    );
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().topic_available).toBe(true);
  });

  it('never lets an old gateway on `ferrite` shut out the default topics: the default one keeps its topic', async () => {
    const hog = await legacyGateway(plantB, 'ferrite', new Date(Date.now() - 3_600_000));
    const created = await createGateway(plantA.iot, plantA.projectId, gatewayBody('Default'));
    expect(created.gateway.topic).toBe(`ferrite/${created.gateway.id}`);
    expect(created.gateway.topic_available).toBe(true);
    expect((await plantB.iot.get(`/gateways/${hog}`)).json().topic_available).toBe(false);
  });
});
