/**
 * Gateway changes across nodes: the node that made a change tells its broker credentials (with the
 * token it issued) and every node's caches; another node's caches hear it through the cluster bus,
 * never the token, and forget everything when the bus says messages may have been missed.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterBus } from '../../../platform/cluster';
import { joinedBuses } from '../../../testing/joinedBuses';
import { DeviceLinkHub } from './deviceLink';

function joinedPair() {
  const [a, b] = joinedBuses(2);
  return [a as NonNullable<typeof a>, b as NonNullable<typeof b>] as const;
}

function node(bus: ClusterBus) {
  const hub = new DeviceLinkHub(bus);
  const heard = { tokens: [] as (string | undefined)[], forgotten: [] as string[], forgotAll: 0 };
  hub.onGatewayChanged((_gatewayId, issuedToken) => heard.tokens.push(issuedToken));
  hub.onGatewayChangedOnAnyNode({
    changed: (gatewayId) => heard.forgotten.push(gatewayId),
    missed: () => heard.forgotAll++,
  });
  return { hub, heard };
}

describe('gateway changes on two nodes', () => {
  it('reach every node’s caches once, and the issued token only the node that issued it', async () => {
    const [busA, busB] = joinedPair();
    const [a, b] = [node(busA), node(busB)];
    await a.hub.gatewayChanged('g-1', 'new-token');
    expect(a.heard).toEqual({ tokens: ['new-token'], forgotten: ['g-1'], forgotAll: 0 });
    expect(b.heard).toEqual({ tokens: [], forgotten: ['g-1'], forgotAll: 0 });
  });

  it('forgets every gateway on a node whose bus may have missed changes', () => {
    const [busA, busB] = joinedPair();
    const [a, b] = [node(busA), node(busB)];
    busB.cut();
    expect(b.heard.forgotAll).toBe(1);
    expect(a.heard.forgotAll).toBe(0);
  });
});
