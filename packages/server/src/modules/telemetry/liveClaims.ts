/**
 * The cluster-wide pace of live values (REDIS_URL): at most one announcement per sensor per interval
 * across all nodes, wherever its readings land. Each node hands its newest values of a flush to Redis in
 * one pipelined round trip; per sensor a script keeps the newest value of each parameter (by reading
 * time) and lets one node claim the sensor for the interval (SET NX PX). The claimant announces every
 * node's newest values; the others are told when the claim ends and offer again then, so nothing waits
 * for more than about two intervals and no node's values are lost to another's.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A parameter's newest value (ts in epoch milliseconds, microseconds as the fraction). */
export interface Newest {
  paramKey: string;
  ts: number;
  value: number;
}

/** One sensor's values of a flush (none: only asking again after a lost claim). */
export interface LiveOffer {
  sensorId: string;
  params: readonly Newest[];
}

export type ClaimOutcome =
  /** This node announces now: every node's newest values since the last announcement. */
  | { kind: 'announce'; params: Newest[] }
  /** Another node holds the sensor: offer again in `ms`. */
  | { kind: 'wait'; ms: number }
  /** Nothing is waiting to be announced. */
  | { kind: 'done' };

export interface LiveClaims {
  offer(offers: readonly LiveOffer[]): Promise<ClaimOutcome[]>;
}

/**
 * KEYS: the claim, the waiting values (a hash: param → "ts value"). ARGV: this node, the interval,
 * then param, ts, value triples. Both keys share a hash tag, so the script runs on Redis Cluster too.
 */
const OFFER_SCRIPT = `
for i = 3, #ARGV, 3 do
  local known = redis.call('HGET', KEYS[2], ARGV[i])
  if not known or tonumber(string.match(known, '^(%S+)')) <= tonumber(ARGV[i + 1]) then
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1] .. ' ' .. ARGV[i + 2])
  end
end
if redis.call('EXISTS', KEYS[2]) == 0 then return {'done'} end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  redis.call('PEXPIRE', KEYS[2], ARGV[2] * 10)
  return {'wait', redis.call('PTTL', KEYS[1])}
end
local values = redis.call('HGETALL', KEYS[2])
redis.call('DEL', KEYS[2])
return {'announce', values}
`;

type OfferingPipeline = {
  liveOffer(claimKey: string, valuesKey: string, ...args: (string | number)[]): void;
};

export class RedisLiveClaims implements LiveClaims {
  private readonly node = randomUUID();

  /** `prefix`: the keys' start (tests keep theirs apart). */
  constructor(
    private readonly redis: Redis,
    private readonly intervalMs: number,
    private readonly prefix = 'ferrite:live',
  ) {
    if (!('liveOffer' in redis)) redis.defineCommand('liveOffer', { numberOfKeys: 2, lua: OFFER_SCRIPT });
  }

  /** Offers every sensor's values in one round trip; rejects when Redis cannot be reached. */
  async offer(offers: readonly LiveOffer[]): Promise<ClaimOutcome[]> {
    if (offers.length === 0) return [];
    // Not connected (yet, or any more): announce locally now rather than wait for a reconnection.
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    const pipeline = this.redis.pipeline();
    for (const { sensorId, params } of offers) {
      const args: (string | number)[] = [this.node, this.intervalMs];
      for (const p of params) args.push(p.paramKey, String(p.ts), String(p.value));
      const key = `${this.prefix}:{${sensorId}}`;
      (pipeline as unknown as OfferingPipeline).liveOffer(`${key}:claim`, `${key}:values`, ...args);
    }
    const results = (await pipeline.exec()) ?? [];
    return offers.map((_, i) => {
      const [error, reply] = results[i] ?? [new Error('Redis answered no result')];
      if (error) throw error;
      return outcomeOf(reply as [string, unknown]);
    });
  }
}

function outcomeOf([kind, detail]: [string, unknown]): ClaimOutcome {
  if (kind === 'wait') return { kind, ms: Math.max(1, Number(detail)) };
  if (kind !== 'announce') return { kind: 'done' };
  const flat = detail as string[];
  const params: Newest[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [ts, value] = (flat[i + 1] as string).split(' ');
    params.push({ paramKey: flat[i] as string, ts: Number(ts), value: Number(value) });
  }
  return { kind, params };
}
