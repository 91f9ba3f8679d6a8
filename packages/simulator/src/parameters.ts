/**
 * The parameters a simulated gateway reports, in the order `--params N` takes them. Bounds and levels
 * are those of a typical production line, so charts and rules look like a plant's rather than noise.
 */

export interface ParameterProfile {
  /** Payload field, gateway streaming parameter and sensor parameter key at once. */
  key: string;
  unit: string;
  min: number;
  max: number;
  /** The level the value hovers around. */
  base: number;
  /** Swing of the slow day-long wave (shifts, ambient temperature). */
  daily: number;
  /** Swing of the faster process cycle (minutes), so short runs still move. */
  cycle: number;
  /** Standard deviation of the per-reading noise. */
  noise: number;
  /** Chance per reading that a spike starts, and its height (negative: a dip). */
  spikeChance: number;
  spike: number;
  decimals: number;
  /**
   * Wear: the level climbs by `perDay` a day from `since` (epoch ms), so a degrading part (a pump
   * bearing) shows a trend over days that survives restarts, for alerts and predictions to find.
   */
  creep?: { perDay: number; since: number };
}

const profile = (p: ParameterProfile): ParameterProfile => p;

export const PARAMETER_CATALOGUE: readonly ParameterProfile[] = [
  profile({
    key: 'temperature',
    unit: '°C',
    min: 20,
    max: 90,
    base: 55,
    daily: 12,
    cycle: 4,
    noise: 0.4,
    spikeChance: 0.002,
    spike: 18,
    decimals: 2,
  }),
  profile({
    key: 'humidity',
    unit: '%',
    min: 20,
    max: 80,
    base: 50,
    daily: 15,
    cycle: 2,
    noise: 0.8,
    spikeChance: 0.001,
    spike: 12,
    decimals: 1,
  }),
  profile({
    key: 'pressure',
    unit: 'bar',
    min: 0.9,
    max: 1.2,
    base: 1.03,
    daily: 0.04,
    cycle: 0.02,
    noise: 0.004,
    spikeChance: 0.002,
    spike: 0.09,
    decimals: 3,
  }),
  profile({
    key: 'vibration',
    unit: 'mm/s',
    min: 0,
    max: 12,
    base: 3.5,
    daily: 0.8,
    cycle: 1.2,
    noise: 0.3,
    spikeChance: 0.004,
    spike: 5.5,
    decimals: 2,
  }),
  profile({
    key: 'power',
    unit: 'kW',
    min: 0,
    max: 250,
    base: 140,
    daily: 50,
    cycle: 20,
    noise: 3,
    spikeChance: 0.002,
    spike: 60,
    decimals: 1,
  }),
  profile({
    key: 'current',
    unit: 'A',
    min: 0,
    max: 400,
    base: 210,
    daily: 70,
    cycle: 30,
    noise: 4,
    spikeChance: 0.002,
    spike: 110,
    decimals: 1,
  }),
  profile({
    key: 'voltage',
    unit: 'V',
    min: 380,
    max: 420,
    base: 400,
    daily: 4,
    cycle: 2,
    noise: 0.8,
    spikeChance: 0.002,
    spike: -14,
    decimals: 1,
  }),
  profile({
    key: 'speed',
    unit: 'rpm',
    min: 0,
    max: 3000,
    base: 1480,
    daily: 150,
    cycle: 120,
    noise: 8,
    spikeChance: 0.001,
    spike: -600,
    decimals: 0,
  }),
  profile({
    key: 'flow',
    unit: 'm³/h',
    min: 0,
    max: 120,
    base: 65,
    daily: 20,
    cycle: 10,
    noise: 1.5,
    spikeChance: 0.002,
    spike: -30,
    decimals: 2,
  }),
  profile({
    key: 'level',
    unit: '%',
    min: 0,
    max: 100,
    base: 55,
    daily: 25,
    cycle: 8,
    noise: 0.5,
    spikeChance: 0.001,
    spike: 15,
    decimals: 1,
  }),
  profile({
    key: 'co2',
    unit: 'ppm',
    min: 400,
    max: 2000,
    base: 700,
    daily: 250,
    cycle: 50,
    noise: 15,
    spikeChance: 0.002,
    spike: 450,
    decimals: 0,
  }),
  profile({
    key: 'ph',
    unit: 'pH',
    min: 6,
    max: 9,
    base: 7.2,
    daily: 0.3,
    cycle: 0.1,
    noise: 0.03,
    spikeChance: 0.001,
    spike: 0.9,
    decimals: 2,
  }),
];

export const MAX_PARAMS = PARAMETER_CATALOGUE.length;

/** The first `count` parameters of the catalogue. */
export function parameterProfiles(count: number): ParameterProfile[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PARAMS) {
    throw new RangeError(`A reading carries 1 to ${MAX_PARAMS} parameters, not ${count}`);
  }
  return PARAMETER_CATALOGUE.slice(0, count);
}
