/**
 * The demo plant as data: one file per project describes its buildings, hierarchy, sensor physics,
 * gateways and dashboards, and the seeders (seed/demo/*.ts) turn that into rows and API calls.
 */
import type { SimulatorProtocol } from '@ferrite/simulator';

/** One measured quantity of a sensor type: its unit, range and how it behaves over time. */
export interface ParameterSpec {
  key: string;
  unit: string;
  min: number;
  max: number;
  decimals: number;
  /** The level it hovers around, the swing of its day-long wave and of its process cycle. */
  base: number;
  daily: number;
  cycle: number;
  /** Standard deviation of the per-reading noise. */
  noise: number;
  /** Chance per reading of a spike, and its height (negative: a dip); default none. */
  spikeChance?: number;
  spike?: number;
  /**
   * Which side of its level means trouble (a rising bearing temperature, a falling yield); both when
   * absent. Dashboards band it so (seed/demo/operatingBands.ts).
   */
  watch?: 'high' | 'low';
}

export interface SensorTypeSpec {
  name: string;
  description: string;
  parameters: readonly ParameterSpec[];
}

export interface AssetTypeSpec {
  name: string;
  description: string;
}

/** A sensor's own deviation from its type: another level, or wear (level creeping up per day). */
export interface ParameterTweak {
  base?: number;
  creepPerDay?: number;
}

export interface SensorSpec {
  kind: 'sensor';
  /** Instrument tag, unique in the project: names the payload fields and lets dashboards bind. */
  tag: string;
  name: string;
  type: string;
  description?: string;
  /** Metres east and north of the building's corner. */
  at: readonly [number, number];
  position?: 'indoor' | 'outdoor';
  /** The gateway (by name) whose payload carries this sensor's readings. */
  gateway: string;
  tweaks?: Readonly<Record<string, ParameterTweak>>;
}

export interface AssetSpec {
  kind: 'asset';
  name: string;
  type: string;
  description?: string;
  at: readonly [number, number];
  children?: readonly EntitySpec[];
}

export type EntitySpec = AssetSpec | SensorSpec;

export interface GatewaySpec {
  name: string;
  description: string;
  /** The transport it prefers; MQTT and CoAP fall back to HTTPS when that server is off. */
  protocol: SimulatorProtocol;
  /**
   * Readings per second, and readings per message. A CoAP message is one UDP datagram the simulator
   * sends without block-wise transfer: keep `batch × fields` well under 1 KB of JSON.
   */
  rate: number;
  batch: number;
  firmware: string;
}

/** A widget bound to `tag.param` series; gauges and KPIs take the parameter's range. */
export interface WidgetSpec {
  variant: 'kpi.basic' | 'gauge.basic' | 'line.smooth' | 'area.basic' | 'table.latest';
  title: string;
  series: readonly string[];
  layout: { x: number; y: number; w: number; h: number };
  /** Charts: how far back they look (default 1h). */
  timeRange?: '1h' | '6h' | '24h';
}

export interface DashboardSpec {
  name: string;
  description: string;
  widgets: readonly WidgetSpec[];
}

export interface ProjectPlant {
  /** The project (seeded by seed/demo.ts) this plant fills. */
  project: string;
  /** The building's south-west corner: entity positions are metres from here. */
  origin: { latitude: number; longitude: number };
  gateways: readonly GatewaySpec[];
  tree: readonly EntitySpec[];
  dashboards: readonly DashboardSpec[];
}
