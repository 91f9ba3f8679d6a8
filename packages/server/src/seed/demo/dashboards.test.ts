/**
 * The demo dashboards' gauges and KPIs as a newcomer reads them: a plant running as it should shows
 * Normal (green), not the default colour stops' yellow from half the range. Each seeded band is checked
 * against the sensor's nominal level and against a simulated first day of the same physics.
 */

import { type ThresholdRange, thresholdForValue, widgetConfigSchema } from '@ferrite/contracts';
import { ReadingGenerator } from '@ferrite/simulator';
import { describe, expect, it } from 'vitest';
import { nominalLevel, widgetConfig } from './dashboards';
import { BAND_COLORS, operatingBands } from './operatingBands';
import { DEMO_SENSOR_TYPES, sensorTypeSpec } from './plant/catalogue';
import { fieldName, gatewayProfiles, sensorsOf } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';

const ALL_SENSORS = DEMO_PLANTS.flatMap((plant) => sensorsOf(plant.tree));
const sensors = new Map(
  ALL_SENSORS.map((s, i) => [
    s.tag,
    { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, project: '', type: s.type },
  ]),
);

/** Every seeded gauge and KPI with its config as the API stores it. */
const BANDED = DEMO_PLANTS.flatMap((plant) =>
  plant.dashboards.flatMap((dashboard) =>
    dashboard.widgets
      .filter((w) => w.variant === 'gauge.basic' || w.variant === 'kpi.basic')
      .map((widget) => {
        const [tag, key] = widget.series[0]!.split('.') as [string, string];
        const sensor = ALL_SENSORS.find((s) => s.tag === tag)!;
        const param = sensorTypeSpec(sensor.type).parameters.find((p) => p.key === key)!;
        const config = widgetConfigSchema.parse(widgetConfig({ sensors }, widget));
        return { plant, dashboard: dashboard.name, widget, tag, param, config };
      }),
  ),
);

const band = (value: number, rows: readonly ThresholdRange[]) => thresholdForValue(value, rows)?.rangeText;

describe('the demo dashboards’ bands', () => {
  it('band every gauge and KPI by thresholds, over the whole range', () => {
    expect(BANDED.length).toBeGreaterThan(20);
    for (const { widget, config, param } of BANDED) {
      expect(config.show_thresholds, widget.title).toBe(true);
      expect(config.thresholds[0]?.from, widget.title).toBe(param.min);
      expect(config.thresholds.at(-1)?.to, widget.title).toBe(param.max);
      config.thresholds.slice(1).forEach((row, i) => {
        expect(row.from, widget.title).toBe(config.thresholds[i]!.to);
      });
    }
  });

  it.each(BANDED.map((b) => [`${b.dashboard} · ${b.widget.title}`, b] as const))(
    '%s shows its nominal level and its daily swing as Normal',
    (_name, { tag, param, config }) => {
      const level = nominalLevel(tag, param);
      for (const value of [level, level - param.daily - param.cycle, level + param.daily + param.cycle]) {
        expect(band(value, config.thresholds), `${value} ${param.unit}`).toBe('Normal');
        expect(thresholdForValue(value, config.thresholds)?.color).toBe(BAND_COLORS.normal);
      }
      // And the bands still mean something: the watched end of the range is not normal.
      const far = param.watch === 'low' ? param.min : param.max;
      expect(band(far, config.thresholds)).not.toBe('Normal');
    },
  );

  it('keep a simulated healthy first day Normal for every banded sensor', () => {
    const dayStart = Date.UTC(2026, 2, 2);
    const checked = new Set<string>();
    for (const plant of DEMO_PLANTS) {
      plant.gateways.forEach((gateway, index) => {
        const profiles = gatewayProfiles(plant, gateway, dayStart).map((p) => ({ ...p, spikeChance: 0 }));
        for (const seed of ['ferrite-demo', 7, 'another plant']) {
          const generator = new ReadingGenerator(profiles, seed, index);
          const seen = new Map<string, { normal: number; total: number }>();
          for (let ts = dayStart; ts < dayStart + 86_400_000; ts += 60_000) {
            const reading = generator.next(ts);
            for (const { tag, param, config } of BANDED.filter((b) => b.plant === plant)) {
              const value = reading[fieldName(tag, param.key)];
              if (value === undefined) continue;
              const count = seen.get(`${tag}.${param.key}`) ?? { normal: 0, total: 0 };
              count.total += 1;
              if (band(value, config.thresholds) === 'Normal') count.normal += 1;
              seen.set(`${tag}.${param.key}`, count);
            }
          }
          for (const [series, { normal, total }] of seen) {
            expect(normal / total, `${series} (seed ${seed})`).toBeGreaterThan(0.97);
            checked.add(series);
          }
        }
      });
    }
    expect(checked.size).toBe(new Set(BANDED.map((b) => `${b.tag}.${b.param.key}`)).size);
  });

  it('put every sensor’s nominal level in Normal for every parameter of the catalogue', () => {
    for (const sensor of ALL_SENSORS) {
      for (const param of DEMO_SENSOR_TYPES.find((t) => t.name === sensor.type)!.parameters) {
        const level = nominalLevel(sensor.tag, param);
        expect(band(level, operatingBands(param, level)), `${sensor.tag}.${param.key}`).toBe('Normal');
      }
    }
  });
});
