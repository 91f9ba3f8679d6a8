import { describe, expect, it } from 'vitest';
import { layoutTopology, orderGateways, type TopologyGateway } from './layout';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function gw(n: number, parent: number | null, sensors: [number, string[]][] = []): TopologyGateway {
  return {
    id: id(n),
    name: `G${n}`,
    type: 'MQTT',
    protocol: 'MQTT',
    status: n % 2 ? 'online' : 'offline',
    parent_id: parent === null ? null : id(parent),
    last_seen_at: null,
    sensors: sensors.map(([s, keys]) => ({ id: id(100 + s), name: `S${s}`, param_keys: keys })),
  };
}

describe('topology layout', () => {
  it('puts children under their parent, depth-first, and keeps gateways of a parent cycle', () => {
    const order = orderGateways([gw(1, null), gw(2, 3), gw(3, 1), gw(4, 5), gw(5, 4)]);
    expect(order.map((o) => `${o.gateway.name}:${o.depth}`)).toEqual([
      'G1:0',
      'G3:1',
      'G2:2',
      'G4:0',
      'G5:1',
    ]);
  });

  it('draws one sensor once however many gateways feed it, with a feed link from each', () => {
    const layout = layoutTopology([
      gw(1, null, [[1, ['temp']]]),
      gw(2, null, [
        [1, ['hum']],
        [2, ['flow']],
      ]),
    ]);
    expect(layout.sensors.map((s) => [s.name, s.params])).toEqual([
      ['S1', ['temp', 'hum']],
      ['S2', ['flow']],
    ]);
    const feeds = layout.links.filter((l) => l.kind === 'feed');
    expect(feeds).toHaveLength(3);
    expect(layout.links.filter((l) => l.kind === 'hub')).toHaveLength(2);
  });

  it('links a child gateway to its parent instead of the hub, and indents it', () => {
    const layout = layoutTopology([gw(1, null), gw(2, 1)]);
    const [parent, child] = layout.gateways;
    expect(child?.x).toBeGreaterThan(parent?.x ?? 0);
    expect(layout.links.map((l) => l.kind).sort()).toEqual(['hub', 'parent']);
    expect(layout.height).toBeGreaterThan(0);
  });
});
