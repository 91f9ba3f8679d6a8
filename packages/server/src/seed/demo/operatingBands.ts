/**
 * The demo gauges' and KPIs' colour bands: Normal around a sensor's own level, as wide as the
 * simulated process really swings there, then Warning and Alarm beyond it (on the side the parameter's
 * `watch` names). The default colour stops (yellow from half the range) painted a boiler at its usual
 * 10 bar as a warning; a plant engineer sets limits around the operating point instead.
 */
import { DEFAULT_TEXT_SETTINGS, NEW_THRESHOLD_COLOR, type ThresholdRange } from '@ferrite/contracts';
import type { ParameterSpec } from './plant/types';

export const BAND_COLORS = { normal: NEW_THRESHOLD_COLOR, warning: '#F59F00', alarm: '#DF5353' } as const;

/** Low and high edges; a side that is not watched runs to the range's end. */
export interface OperatingLimits {
  normal: readonly [number, number];
  alarm: readonly [number, number];
}

/**
 * How far a healthy reading strays from its level in the simulator (@ferrite/simulator values.ts): the
 * daily and process waves, the sensor's fixed offset (up to 5 % of the range) and noise with its
 * mean-reverting drift (together about 3.2 × noise standard deviation, taken to 2.2 σ).
 */
export function healthySwing(param: ParameterSpec): number {
  return param.daily + param.cycle + 0.05 * (param.max - param.min) + 7 * param.noise;
}

/** A round step for band edges: a power of ten under the swing. */
function edgeStep(swing: number): number {
  return 10 ** Math.floor(Math.log10(swing));
}

/** The normal and alarm edges of a parameter at a sensor whose level is `level`. */
export function operatingLimits(param: ParameterSpec, level: number): OperatingLimits {
  const swing = healthySwing(param);
  const step = edgeStep(swing);
  const down = (v: number) => Math.max(param.min, Math.floor(v / step) * step);
  const up = (v: number) => Math.min(param.max, Math.ceil(v / step) * step);
  const round = (v: number) => Number(v.toFixed(6));
  const low = param.watch !== 'high';
  const high = param.watch !== 'low';
  const normal = [
    low ? round(down(level - swing)) : param.min,
    high ? round(up(level + swing)) : param.max,
  ] as const;
  // Alarm starts halfway from the normal edge to the end of the scale (at least 0.6 swing past it): a
  // narrow Warning strip made most dials read red on a healthy plant; a wide one leaves room to drift,
  // as P-101's wearing bearing does, before the needle reaches red.
  return {
    normal,
    alarm: [
      low ? round(Math.min(down(level - 1.6 * swing), down((normal[0] + param.min) / 2))) : param.min,
      high ? round(Math.max(up(level + 1.6 * swing), up((normal[1] + param.max) / 2))) : param.max,
    ],
  };
}

function row(from: number, to: number, color: string, rangeText: string, unit: string): ThresholdRange {
  return {
    from,
    to,
    color,
    rangeText,
    conditionText: `${from} – ${to} ${unit}`.trim(),
    shapeColor: color,
    shapeType: 'circle',
    text_settings: { ...DEFAULT_TEXT_SETTINGS },
  };
}

/** Alarm, Warning, Normal, Warning, Alarm rows over the parameter's range, empty ones left out. */
export function operatingBands(param: ParameterSpec, level: number): ThresholdRange[] {
  const { normal, alarm } = operatingLimits(param, level);
  const rows = [
    row(param.min, alarm[0], BAND_COLORS.alarm, 'Alarm', param.unit),
    row(alarm[0], normal[0], BAND_COLORS.warning, 'Warning', param.unit),
    row(normal[0], normal[1], BAND_COLORS.normal, 'Normal', param.unit),
    row(normal[1], alarm[1], BAND_COLORS.warning, 'Warning', param.unit),
    row(alarm[1], param.max, BAND_COLORS.alarm, 'Alarm', param.unit),
  ];
  return rows.filter((r) => r.from < r.to);
}
