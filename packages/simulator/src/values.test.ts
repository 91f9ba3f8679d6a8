import { describe, expect, it } from 'vitest';
import { MAX_PARAMS, PARAMETER_CATALOGUE, parameterProfiles } from './parameters';
import { ReadingGenerator } from './values';

const START = Date.UTC(2026, 0, 1);
const series = (generator: ReadingGenerator, count: number, stepMs: number) =>
  Array.from({ length: count }, (_, i) => generator.next(START + i * stepMs));

describe('ReadingGenerator', () => {
  it('keeps every parameter within its bounds over two simulated days, spikes included', () => {
    const profiles = parameterProfiles(MAX_PARAMS);
    for (let gateway = 0; gateway < 3; gateway++) {
      const readings = series(new ReadingGenerator(profiles, 'bounds', gateway), 20_000, 9_000);
      for (const profile of profiles) {
        const values = readings.map((reading) => reading[profile.key]!);
        expect(Math.min(...values), profile.key).toBeGreaterThanOrEqual(profile.min);
        expect(Math.max(...values), profile.key).toBeLessThanOrEqual(profile.max);
      }
    }
  });

  it('answers the same readings for the same seed, gateway and timestamps', () => {
    const profiles = parameterProfiles(4);
    const first = series(new ReadingGenerator(profiles, 42, 3), 500, 1_000);
    const again = series(new ReadingGenerator(profiles, 42, 3), 500, 1_000);
    expect(again).toEqual(first);
  });

  it('differs between seeds and between gateways of one seed', () => {
    const profiles = parameterProfiles(4);
    const base = series(new ReadingGenerator(profiles, 'a', 0), 50, 1_000);
    expect(series(new ReadingGenerator(profiles, 'b', 0), 50, 1_000)).not.toEqual(base);
    expect(series(new ReadingGenerator(profiles, 'a', 1), 50, 1_000)).not.toEqual(base);
  });

  it('sends ts and the first N parameters, rounded to each parameter’s decimals', () => {
    const profiles = parameterProfiles(4);
    const reading = new ReadingGenerator(profiles, 'shape').next(START);
    expect(Object.keys(reading)).toEqual(['ts', 'temperature', 'humidity', 'pressure', 'vibration']);
    expect(reading.ts).toBe(START);
    for (const profile of profiles) {
      const value = reading[profile.key]!;
      expect(Math.round(value * 10 ** profile.decimals) / 10 ** profile.decimals).toBe(value);
    }
  });

  it('moves like a process: values vary, follow the day and show occasional spikes', () => {
    const [temperature] = parameterProfiles(1);
    const readings = series(new ReadingGenerator([temperature!], 'shape'), 8_640, 10_000);
    const values = readings.map((reading) => reading.temperature!);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(new Set(values).size).toBeGreaterThan(1_000);
    // The day-long wave spans more than the noise alone would.
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(15);
    expect(mean).toBeGreaterThan(temperature!.base - 8);
    expect(mean).toBeLessThan(temperature!.base + 8);
    // A spike is a jump far beyond the noise from one reading to the next.
    const jumps = values.slice(1).filter((value, i) => value - values[i]! > 8);
    expect(jumps.length).toBeGreaterThan(0);
  });

  it('lets a wearing part creep upwards day by day, the same after a restart, within its bounds', () => {
    const vibration = PARAMETER_CATALOGUE.find((p) => p.key === 'vibration')!;
    const worn = { ...vibration, spikeChance: 0, creep: { perDay: 0.5, since: START } };
    const dayMean = (generator: ReadingGenerator, day: number) => {
      const at = START + day * 86_400_000;
      const values = Array.from({ length: 200 }, (_, i) => generator.next(at + i * 60_000).vibration!);
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    };
    const generator = new ReadingGenerator([worn], 'wear');
    const healthy = new ReadingGenerator([{ ...worn, creep: undefined }], 'wear');
    // Same seed, same noise: the gap after 10 days is the wear alone (10 × 0.5 mm/s).
    expect(dayMean(generator, 10) - dayMean(healthy, 10)).toBeCloseTo(5, 0);
    // A restarted generator (new instance) picks the trend up where it was, not from zero.
    expect(dayMean(new ReadingGenerator([worn], 'other'), 10)).toBeGreaterThan(dayMean(healthy, 10) + 3);
    const late = Array.from({ length: 100 }, (_, i) => generator.next(START + 60 * 86_400_000 + i * 1000));
    expect(Math.max(...late.map((r) => r.vibration!))).toBeLessThanOrEqual(vibration.max);
  });

  it('rejects a parameter count outside the catalogue', () => {
    expect(() => parameterProfiles(0)).toThrow(RangeError);
    expect(() => parameterProfiles(PARAMETER_CATALOGUE.length + 1)).toThrow(/1 to 12/);
  });
});
