/**
 * Where the topology diagram draws things: the project hub on the left, gateways in the middle (a
 * child gateway under its parent, indented), the sensors they feed on the right, each sensor placed
 * near the first gateway feeding it so lines cross as little as they can. Pure, so it is tested alone.
 */
import type { TopologyResponse } from '@ferrite/contracts';

export type TopologyGateway = TopologyResponse['gateways'][number];

export const GEOMETRY = {
  width: 1000,
  pad: 24,
  hub: { x: 24, w: 190, h: 96 },
  gateway: { x: 300, w: 270, h: 74, gap: 18, indent: 26 },
  sensor: { x: 720, w: 256, h: 42, gap: 10 },
} as const;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlacedGateway extends Box {
  gateway: TopologyGateway;
  depth: number;
}

export interface PlacedSensor extends Box {
  id: string;
  name: string;
  /** Parameter keys fed, across gateways. */
  params: string[];
  gatewayIds: string[];
}

export interface Link {
  from: string;
  to: string;
  kind: 'hub' | 'parent' | 'feed';
  /** SVG path data. */
  d: string;
  /** For feed links: the parameter keys this gateway feeds on that sensor. */
  params?: string[];
}

export interface TopologyLayout {
  height: number;
  hub: Box;
  gateways: PlacedGateway[];
  sensors: PlacedSensor[];
  links: Link[];
}

/** Gateways in tree order: each root, then its children depth-first; orphans (parent elsewhere) are roots. */
export function orderGateways(
  gateways: readonly TopologyGateway[],
): { gateway: TopologyGateway; depth: number }[] {
  const ids = new Set(gateways.map((g) => g.id));
  const children = new Map<string, TopologyGateway[]>();
  const roots: TopologyGateway[] = [];
  for (const gateway of gateways) {
    if (gateway.parent_id && ids.has(gateway.parent_id) && gateway.parent_id !== gateway.id) {
      const list = children.get(gateway.parent_id) ?? [];
      list.push(gateway);
      children.set(gateway.parent_id, list);
    } else {
      roots.push(gateway);
    }
  }
  const out: { gateway: TopologyGateway; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (gateway: TopologyGateway, depth: number) => {
    if (seen.has(gateway.id)) return;
    seen.add(gateway.id);
    out.push({ gateway, depth });
    for (const child of children.get(gateway.id) ?? []) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  // A parent cycle leaves gateways unreached: show them as roots rather than lose them.
  for (const gateway of gateways) visit(gateway, 0);
  return out;
}

/** A horizontal S-curve from (x1, y1) to (x2, y2). */
const curve = (x1: number, y1: number, x2: number, y2: number) => {
  const mid = (x1 + x2) / 2;
  return `M ${x1} ${y1} C ${mid} ${y1}, ${mid} ${y2}, ${x2} ${y2}`;
};

/** The whole layout. */
export function layoutTopology(gateways: readonly TopologyGateway[]): TopologyLayout {
  const { pad, hub, gateway: G, sensor: S } = GEOMETRY;
  const ordered = orderGateways(gateways);
  const placedGateways: PlacedGateway[] = ordered.map(({ gateway, depth }, i) => {
    const indent = Math.min(depth, 3) * G.indent;
    return { gateway, depth, x: G.x + indent, y: pad + i * (G.h + G.gap), w: G.w - indent, h: G.h };
  });

  // Sensors in the order their first feeding gateway appears, then by name.
  const sensors = new Map<string, PlacedSensor & { order: number }>();
  placedGateways.forEach(({ gateway }, order) => {
    for (const sensor of gateway.sensors) {
      const known = sensors.get(sensor.id);
      if (known) {
        known.gatewayIds.push(gateway.id);
        for (const key of sensor.param_keys) if (!known.params.includes(key)) known.params.push(key);
      } else {
        sensors.set(sensor.id, {
          id: sensor.id,
          name: sensor.name,
          params: [...sensor.param_keys],
          gatewayIds: [gateway.id],
          order,
          x: S.x,
          y: 0,
          w: S.w,
          h: S.h,
        });
      }
    }
  });
  const sensorList = [...sensors.values()].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));

  const gatewaysHeight = placedGateways.length ? placedGateways.length * (G.h + G.gap) - G.gap : 0;
  const sensorsHeight = sensorList.length ? sensorList.length * (S.h + S.gap) - S.gap : 0;
  const inner = Math.max(gatewaysHeight, sensorsHeight, hub.h);
  // The shorter column is centred against the taller one.
  const gOffset = (inner - gatewaysHeight) / 2;
  const sOffset = (inner - sensorsHeight) / 2;
  for (const placed of placedGateways) placed.y += gOffset;
  sensorList.forEach((sensor, i) => {
    sensor.y = pad + sOffset + i * (S.h + S.gap);
  });
  const hubBox: Box = { x: hub.x, y: pad + (inner - hub.h) / 2, w: hub.w, h: hub.h };

  const byId = new Map(placedGateways.map((p) => [p.gateway.id, p]));
  const links: Link[] = [];
  for (const placed of placedGateways) {
    const midY = placed.y + placed.h / 2;
    const parent = placed.gateway.parent_id ? byId.get(placed.gateway.parent_id) : undefined;
    if (parent && placed.depth > 0) {
      // An elbow down the left edge, from under the parent to the child's side.
      const x = parent.x + 14;
      links.push({
        from: parent.gateway.id,
        to: placed.gateway.id,
        kind: 'parent',
        d: `M ${x} ${parent.y + parent.h} L ${x} ${midY - 8} Q ${x} ${midY}, ${x + 8} ${midY} L ${placed.x} ${midY}`,
      });
    } else {
      links.push({
        from: 'hub',
        to: placed.gateway.id,
        kind: 'hub',
        d: curve(hubBox.x + hubBox.w, hubBox.y + hubBox.h / 2, placed.x, midY),
      });
    }
    for (const fed of placed.gateway.sensors) {
      const sensor = sensors.get(fed.id);
      if (!sensor) continue;
      links.push({
        from: placed.gateway.id,
        to: fed.id,
        kind: 'feed',
        params: fed.param_keys,
        d: curve(placed.x + placed.w, midY, sensor.x, sensor.y + sensor.h / 2),
      });
    }
  }

  return {
    height: pad * 2 + inner,
    hub: hubBox,
    gateways: placedGateways,
    sensors: sensorList.map(({ order: _order, ...sensor }) => sensor),
    links,
  };
}

/** A label cut to fit a node (SVG text does not ellipsize by itself). */
export function fit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
