/** The shape of a preset and helpers the preset lists share. */
import type { WidgetConfig } from '../config';
import { DEFAULT_TEXT_SETTINGS } from '../textSettings';
import { NEW_THRESHOLD_COLOR, type ThresholdRange } from '../thresholds';

/** One preset of a kind: the catalogue shows it as the variant `${kind}.${preset}`. */
export interface WidgetPreset {
  preset: string;
  name: string;
  description: string;
  defaults: Partial<WidgetConfig>;
}

/** A threshold row with the default shape and text settings. */
export function band(
  from: number,
  to: number,
  color: string,
  rangeText: string,
  conditionText = '',
): ThresholdRange {
  return {
    from,
    to,
    color,
    rangeText,
    conditionText,
    shapeColor: color,
    shapeType: 'circle',
    text_settings: { ...DEFAULT_TEXT_SETTINGS },
  };
}

const WARN = '#F59F00';
const ALARM = '#DF5353';

/** Normal / Warning / Alarm bands over [min, max] split at warn and alarm. */
export function trafficLight(min: number, warn: number, alarm: number, max: number): ThresholdRange[] {
  return [
    band(min, warn, NEW_THRESHOLD_COLOR, 'Normal', `< ${warn}`),
    band(warn, alarm, WARN, 'Warning', `${warn} – ${alarm}`),
    band(alarm, max, ALARM, 'Alarm', `≥ ${alarm}`),
  ];
}

/** Alarm when low: Alarm / Warning / Normal (levels, pressure drops). */
export function reverseTrafficLight(min: number, alarm: number, warn: number, max: number): ThresholdRange[] {
  return [
    band(min, alarm, ALARM, 'Alarm', `< ${alarm}`),
    band(alarm, warn, WARN, 'Warning', `${alarm} – ${warn}`),
    band(warn, max, NEW_THRESHOLD_COLOR, 'Normal', `≥ ${warn}`),
  ];
}

/** An industrial measure the indicator kinds get one preset each for. */
export interface Measure {
  id: string;
  name: string;
  unit: string;
  min: number;
  max: number;
  decimals: number;
  thresholds: ThresholdRange[];
}

/** Common plant measures with realistic ranges and alarm bands. */
export const MEASURES: readonly Measure[] = [
  {
    id: 'temperature',
    name: 'Temperature',
    unit: '°C',
    min: -20,
    max: 120,
    decimals: 1,
    thresholds: trafficLight(-20, 60, 85, 120),
  },
  {
    id: 'humidity',
    name: 'Humidity',
    unit: '%',
    min: 0,
    max: 100,
    decimals: 0,
    thresholds: trafficLight(0, 60, 80, 100),
  },
  {
    id: 'pressure',
    name: 'Pressure',
    unit: 'bar',
    min: 0,
    max: 16,
    decimals: 2,
    thresholds: trafficLight(0, 10, 13, 16),
  },
  {
    id: 'power',
    name: 'Power',
    unit: 'kW',
    min: 0,
    max: 500,
    decimals: 1,
    thresholds: trafficLight(0, 350, 450, 500),
  },
  {
    id: 'energy',
    name: 'Energy',
    unit: 'kWh',
    min: 0,
    max: 10_000,
    decimals: 0,
    thresholds: trafficLight(0, 7000, 9000, 10_000),
  },
  {
    id: 'flow',
    name: 'Flow rate',
    unit: 'm³/h',
    min: 0,
    max: 200,
    decimals: 1,
    thresholds: reverseTrafficLight(0, 20, 50, 200),
  },
  {
    id: 'level',
    name: 'Tank level',
    unit: '%',
    min: 0,
    max: 100,
    decimals: 0,
    thresholds: reverseTrafficLight(0, 10, 25, 100),
  },
  {
    id: 'voltage',
    name: 'Voltage',
    unit: 'V',
    min: 0,
    max: 480,
    decimals: 0,
    thresholds: reverseTrafficLight(0, 360, 400, 480),
  },
  {
    id: 'current',
    name: 'Current',
    unit: 'A',
    min: 0,
    max: 200,
    decimals: 1,
    thresholds: trafficLight(0, 150, 180, 200),
  },
  {
    id: 'vibration',
    name: 'Vibration',
    unit: 'mm/s',
    min: 0,
    max: 25,
    decimals: 2,
    thresholds: trafficLight(0, 4.5, 11, 25),
  },
  {
    id: 'speed',
    name: 'Motor speed',
    unit: 'rpm',
    min: 0,
    max: 3000,
    decimals: 0,
    thresholds: trafficLight(0, 2400, 2800, 3000),
  },
  {
    id: 'co2',
    name: 'CO₂',
    unit: 'ppm',
    min: 0,
    max: 5000,
    decimals: 0,
    thresholds: trafficLight(0, 1000, 2000, 5000),
  },
];

/** A measure's config defaults: title, unit, range, decimals and alarm bands. */
export function measureDefaults(measure: Measure): Partial<WidgetConfig> {
  return {
    title: measure.name,
    unit: measure.unit,
    decimals: measure.decimals,
    entire_range: { min: measure.min, max: measure.max },
    thresholds: measure.thresholds.map((row) => ({ ...row, text_settings: { ...row.text_settings } })),
    show_thresholds: true,
  };
}
