/**
 * A dial gauge at the sizes people meet it (a new widget's 3 × 7 cells, the seeded 4 × 8, a catalogue
 * card, the grid's smallest 1 × 2 cell), in both schemes: the value and the caption never cover the
 * arc, its scale labels, the needle's sweep or each other, and stay inside the card. Geometry is read
 * from the ECharts option the widget draws, with ECharts' own rules for where scale labels stand.
 */
import { findWidgetVariant, type WidgetVariant } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { formatTick } from '../data/format';
import { widgetProps } from '../testing';
import { estimateTextWidth } from '../textWidth';
import type { WidgetTheme } from '../types';
import { chartContextOf } from '../useChartContext';
import { gaugeOption, gaugeSplitNumber } from './gauges';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface GaugeSeries {
  min: number;
  max: number;
  splitNumber: number;
  startAngle: number;
  endAngle: number;
  radius: number;
  center: [number, number];
  axisLine: { show: boolean; lineStyle: { width: number } };
  pointer: { show: boolean; length: string; width: number };
  anchor: { size: number };
  axisLabel: { show: boolean; distance: number; fontSize: number; formatter: (v: number) => string };
  splitLine: { distance: number; length: number };
  title: { show: boolean; offsetCenter?: [number, number]; fontSize?: number; width?: number };
  detail: {
    offsetCenter: [number, number];
    fontSize: number;
    lineHeight: number;
    formatter: () => string;
  };
}

const rad = (deg: number) => (deg * Math.PI) / 180;

function draw(
  variantId: string,
  size: { width: number; height: number },
  setup: { unit: string; decimals: number; min: number; max: number; value: number; name: string },
  theme: WidgetTheme = 'light',
): GaugeSeries {
  const variant = findWidgetVariant(variantId) as WidgetVariant;
  const props = widgetProps(
    variant,
    { ...size, theme },
    {
      series: [{ key: 's', points: [{ ts: '2025-01-15T12:00:00.000Z', value: setup.value }] }],
    },
  );
  props.config = {
    ...props.config,
    // Sizes below are the drawing's own (a card less its title bar).
    show_title: false,
    unit: setup.unit,
    decimals: setup.decimals,
    entire_range: { min: setup.min, max: setup.max },
    series: [
      {
        key: 's',
        name: setup.name,
        sensor_id: null,
        param_key: null,
        color: null,
        axes: 'left',
        unit: '',
        custom_formula: { sl_equation: false, m: 1, c: 0 },
      },
    ],
  };
  const option = gaugeOption(chartContextOf(props)) as { series: GaugeSeries[] };
  return option.series[0]!;
}

/** A centred text row at offsetCenter (ECharts centres gauge texts on that point). */
function textBox(g: GaugeSeries, offset: [number, number], width: number, height: number): Box {
  const x = g.center[0] + offset[0];
  const y = g.center[1] + offset[1];
  return { left: x - width / 2, right: x + width / 2, top: y - height / 2, bottom: y + height / 2 };
}

function valueBox(g: GaugeSeries): Box {
  const text = g.detail.formatter();
  return textBox(
    g,
    g.detail.offsetCenter,
    estimateTextWidth(text, g.detail.fontSize, true),
    g.detail.lineHeight,
  );
}

function captionBox(g: GaugeSeries, name: string): Box | null {
  if (!g.title.show || !g.title.offsetCenter) return null;
  const size = g.title.fontSize ?? 11;
  const width = Math.min(estimateTextWidth(name, size), g.title.width ?? Infinity);
  return textBox(g, g.title.offsetCenter, width, size * 1.3);
}

const inside = (b: Box, x: number, y: number) => x > b.left && x < b.right && y > b.top && y < b.bottom;
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Angles the dial covers, one a degree, start to end. */
function sweep(g: GaugeSeries): number[] {
  const out: number[] = [];
  for (let a = g.startAngle; a >= g.endAngle; a -= 1) out.push(a);
  return out;
}

/** Points of everything drawn on the dial: the arc band, the needle at every angle, its hub. */
function dialPoints(g: GaugeSeries): Array<[number, number]> {
  const [cx, cy] = g.center;
  const points: Array<[number, number]> = [];
  const at = (angle: number, r: number, across = 0): [number, number] => [
    cx + Math.cos(rad(angle)) * r - Math.sin(rad(angle)) * across,
    cy - Math.sin(rad(angle)) * r - Math.cos(rad(angle)) * across,
  ];
  if (!g.axisLine.show) return points;
  const needle = (Number.parseFloat(g.pointer.length) / 100) * g.radius;
  for (const angle of sweep(g)) {
    for (let r = g.radius - g.axisLine.lineStyle.width; r <= g.radius; r += 1) points.push(at(angle, r));
    for (let r = 0; r <= needle; r += 2) {
      for (const side of [-1, 1]) points.push(at(angle, r, (side * g.pointer.width) / 2));
    }
  }
  for (let angle = 0; angle < 360; angle += 10) points.push(at(angle, g.anchor.size / 2));
  return points;
}

/** Scale labels where ECharts puts them (GaugeView: aligned by which side of the dial they are on). */
function labelBoxes(g: GaugeSeries): Box[] {
  if (!g.axisLabel.show) return [];
  const [cx, cy] = g.center;
  const r = g.radius - g.splitLine.length - (g.axisLabel.distance + g.splitLine.distance);
  const boxes: Box[] = [];
  for (let i = 0; i <= g.splitNumber; i++) {
    const angle = g.startAngle - (i / g.splitNumber) * (g.startAngle - g.endAngle);
    const ux = Math.cos(rad(angle));
    const uy = -Math.sin(rad(angle));
    const value = g.min + (i * (g.max - g.min)) / g.splitNumber;
    const w = estimateTextWidth(g.axisLabel.formatter(value), g.axisLabel.fontSize);
    const h = g.axisLabel.fontSize * 1.2;
    const x = cx + ux * r;
    const y = cy + uy * r;
    const left = ux < -0.4 ? x : ux > 0.4 ? x - w : x - w / 2;
    const top = uy < -0.8 ? y : uy > 0.8 ? y - h : y - h / 2;
    boxes.push({ left, top, right: left + w, bottom: top + h });
  }
  return boxes;
}

const READINGS = [
  { unit: 'm/min', decimals: 1, min: 0, max: 40, value: 18.4, name: 'CV-01' },
  { unit: 'bar', decimals: 2, min: 0, max: 16, value: 10.38, name: 'PT-101 drum pressure' },
  { unit: 'g', decimals: 1, min: 490, max: 520, value: 502.3, name: 'FL-101' },
  { unit: 'kWh', decimals: 0, min: 0, max: 10_000, value: 4735, name: 'Station 1 energy meter' },
  { unit: 'kPa', decimals: 1, min: -95, max: 0, value: -68.2, name: 'PZ-301' },
];

const SIZES = {
  // A new gauge (3 × 7 cells) on a 1024 px and a 1440 px wide screen, less the title bar.
  'new widget, narrow screen': { width: 220, height: 232 },
  'new widget, wide screen': { width: 282, height: 232 },
  'seeded 4 × 8': { width: 378, height: 262 },
  'catalogue card': { width: 206, height: 110 },
  'wide and short': { width: 420, height: 120 },
  'tall and narrow': { width: 120, height: 300 },
  // The grid's smallest cell: 1 × 2, a 70 px card less its 28 px title.
  'smallest cell': { width: 78, height: 42 },
};

describe('a dial gauge', () => {
  for (const variantId of ['gauge.basic', 'gauge.semi', 'gauge.full']) {
    for (const [sizeName, size] of Object.entries(SIZES)) {
      for (const theme of ['light', 'dark'] as const) {
        it(`${variantId}, ${sizeName}, ${theme}: value and caption clear the dial, its labels and each other`, () => {
          for (const reading of READINGS) {
            const g = draw(variantId, size, reading, theme);
            const value = valueBox(g);
            const caption = captionBox(g, reading.name);
            const card: Box = { left: 0, top: 0, right: size.width, bottom: size.height };
            const label = `${reading.unit} at ${size.width}×${size.height}`;
            for (const box of [value, caption]) {
              if (!box) continue;
              expect(box.left, label).toBeGreaterThanOrEqual(card.left);
              expect(box.right, label).toBeLessThanOrEqual(card.right);
              expect(box.top, label).toBeGreaterThanOrEqual(card.top);
              expect(box.bottom, label).toBeLessThanOrEqual(card.bottom);
              const hit = dialPoints(g).find(([x, y]) => inside(box, x, y));
              expect(hit, `${label}: the dial runs through a text`).toBeUndefined();
              for (const scale of labelBoxes(g)) expect(overlaps(box, scale), label).toBe(false);
            }
            if (caption) expect(overlaps(value, caption), label).toBe(false);
          }
        });
      }
    }
  }

  it('draws a real dial with its scale at a new widget’s size, and only the value in the smallest cell', () => {
    const reading = READINGS[1]!;
    const roomy = draw('gauge.basic', SIZES['new widget, wide screen'], reading);
    expect(roomy.radius).toBeGreaterThan(80);
    expect(roomy.axisLabel.show).toBe(true);
    expect(roomy.title.show).toBe(true);
    expect(roomy.detail.fontSize).toBeGreaterThanOrEqual(18);
    // A catalogue card is small, but a gauge there still looks like a gauge, whatever its unit.
    for (const variantId of ['gauge.basic', 'gauge.semi', 'gauge.full']) {
      for (const r of READINGS) {
        expect(draw(variantId, SIZES['catalogue card'], r).radius, `${variantId} ${r.unit}`).toBeGreaterThan(
          30,
        );
      }
    }
    const tiny = draw('gauge.basic', SIZES['smallest cell'], reading);
    expect(tiny.axisLine.show).toBe(false);
    expect(tiny.detail.formatter()).toBe('10.38 bar');
  });

  it('keeps the dial’s size while the value changes', () => {
    const reading = READINGS[0]!;
    const a = draw('gauge.basic', SIZES['seeded 4 × 8'], { ...reading, value: 1.2 });
    const b = draw('gauge.basic', SIZES['seeded 4 × 8'], { ...reading, value: 38.9 });
    expect(b.radius).toBe(a.radius);
    expect(b.detail.fontSize).toBe(a.detail.fontSize);
  });

  it('labels its scale in round steps', () => {
    expect(gaugeSplitNumber(0, 16)).toBe(8);
    expect(gaugeSplitNumber(0, 40)).toBe(8);
    expect(gaugeSplitNumber(490, 520)).toBe(6);
    expect(gaugeSplitNumber(-95, 0)).toBe(5);
    expect(gaugeSplitNumber(0, 100)).toBe(10);
    const g = draw('gauge.basic', SIZES['seeded 4 × 8'], READINGS[1]!);
    const labels = Array.from({ length: g.splitNumber + 1 }, (_, i) =>
      g.axisLabel.formatter((i * 16) / g.splitNumber),
    );
    expect(labels).toEqual(['0', '2', '4', '6', '8', '10', '12', '14', '16']);
    expect(formatTick(16, 2)).toBe('16');
  });
});
