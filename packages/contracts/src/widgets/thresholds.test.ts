import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_SETTINGS, textSettingsSchema, textSettingsStyle } from './textSettings';
import {
  booleanThresholdRows,
  canAddThresholdRow,
  chainThresholdRows,
  colorStopFor,
  DEFAULT_COLOR_STOPS,
  DEFAULT_ENTIRE_RANGE,
  isThresholdRowFlagged,
  NEW_THRESHOLD_COLOR,
  newThresholdRange,
  removeThresholdRow,
  thresholdForValue,
  thresholdRowFlags,
  thresholdRowsForDataType,
  updateThresholdRow,
} from './thresholds';

describe('threshold defaults (spec §5)', () => {
  it('a first new range spans the entire range, 0 to 100 when it is empty, coloured #55B53B', () => {
    const row = newThresholdRange([], { min: null, max: null });
    expect(row).toMatchObject({ from: 0, to: 100, color: '#55B53B', shapeType: 'circle' });
    expect(NEW_THRESHOLD_COLOR).toBe('#55B53B');
    expect(DEFAULT_ENTIRE_RANGE).toEqual({ min: 0, max: 100 });
    expect(newThresholdRange([], { min: -20, max: 60 })).toMatchObject({ from: -20, to: 60 });
  });

  it('a further range starts where the last one ends and runs to the entire max', () => {
    const first = { ...newThresholdRange([]), to: 40 };
    expect(newThresholdRange([first], { min: 0, max: 80 })).toMatchObject({ from: 40, to: 80 });
  });

  it('colour stops default to 10 #55BF3B, 50 #DDDF0D, 90 #DF5353', () => {
    expect(DEFAULT_COLOR_STOPS).toEqual([
      { stop: 10, color: '#55BF3B' },
      { stop: 50, color: '#DDDF0D' },
      { stop: 90, color: '#DF5353' },
    ]);
    expect(colorStopFor(5, DEFAULT_COLOR_STOPS)).toBe('#55BF3B');
    expect(colorStopFor(60, DEFAULT_COLOR_STOPS)).toBe('#DDDF0D');
    expect(colorStopFor(95, DEFAULT_COLOR_STOPS)).toBe('#DF5353');
    // Percent of the entire range, not the raw value.
    expect(colorStopFor(190, DEFAULT_COLOR_STOPS, { min: 0, max: 200 })).toBe('#DF5353');
  });
});

describe('threshold row rules (spec §4)', () => {
  const rows = () => {
    let list = [newThresholdRange([])];
    list = updateThresholdRow(list, 0, { to: 30 });
    list = [...list, newThresholdRange(list)];
    list = updateThresholdRow(list, 1, { to: 70 });
    return [...list, newThresholdRange(list)];
  };

  it('each start follows the previous end, also after an edit or a removal', () => {
    const list = rows();
    expect(list.map((r) => [r.from, r.to])).toEqual([
      [0, 30],
      [30, 70],
      [70, 100],
    ]);
    const edited = updateThresholdRow(list, 0, { to: 20 });
    expect(edited[1]?.from).toBe(20);
    const removed = removeThresholdRow(list, 1);
    expect(removed.map((r) => [r.from, r.to])).toEqual([
      [0, 30],
      [30, 100],
    ]);
    const loose = [
      { ...list[0]!, to: 10 },
      { ...list[1]!, from: 55 },
    ];
    expect(chainThresholdRows(loose)[1]?.from).toBe(10);
  });

  it('a row is flagged when its start is not less than its end', () => {
    expect(isThresholdRowFlagged({ from: 10, to: 10 })).toBe(true);
    expect(isThresholdRowFlagged({ from: 20, to: 10 })).toBe(true);
    expect(isThresholdRowFlagged({ from: 10, to: 11 })).toBe(false);
    const list = updateThresholdRow(rows(), 1, { to: 25 });
    expect(thresholdRowFlags(list)).toEqual([false, true, false]);
  });

  it('boolean types show two rows, true and false, and no add button', () => {
    expect(canAddThresholdRow('boolean')).toBe(false);
    expect(canAddThresholdRow('numeric')).toBe(true);
    const bool = thresholdRowsForDataType('boolean', rows());
    expect(bool.map((r) => r.rangeText)).toEqual(['true', 'false']);
    expect(thresholdRowFlags(bool, 'boolean')).toEqual([false, false]);
    // Colours chosen for the boolean rows survive a re-render.
    const recoloured = booleanThresholdRows([{ ...bool[0]!, color: '#123456' }]);
    expect(recoloured[0]?.color).toBe('#123456');
    expect(thresholdForValue(1, bool, 'boolean')?.rangeText).toBe('true');
    expect(thresholdForValue(0, bool, 'boolean')?.rangeText).toBe('false');
  });

  it('finds the range a value falls in, the last range taking its end', () => {
    const list = rows();
    expect(thresholdForValue(0, list)?.to).toBe(30);
    expect(thresholdForValue(30, list)?.from).toBe(30);
    expect(thresholdForValue(100, list)?.from).toBe(70);
    expect(thresholdForValue(101, list)).toBeUndefined();
    expect(thresholdForValue(null, list)).toBeUndefined();
  });
});

describe('text settings (spec §3, §9)', () => {
  it('defaults to left, no decoration, #495057, 14px', () => {
    expect(textSettingsSchema.parse({})).toEqual(DEFAULT_TEXT_SETTINGS);
    expect(DEFAULT_TEXT_SETTINGS).toMatchObject({ fontColor: '#495057', fontSize: '14px', isBold: false });
  });

  it('accepts the sizes 10 to 24 px, "centre", and refuses other sizes and CSS in colours', () => {
    for (const size of [10, 12, 14, 16, 18, 20, 24])
      expect(textSettingsSchema.parse({ fontSize: size }).fontSize).toBe(`${size}px`);
    expect(textSettingsSchema.safeParse({ fontSize: '13px' }).success).toBe(false);
    expect(textSettingsSchema.parse({ align: 'centre' }).align).toBe('center');
    expect(textSettingsSchema.safeParse({ fontColor: 'red;background:url(x)' }).success).toBe(false);
  });

  it('maps to CSS', () => {
    const style = textSettingsStyle({
      ...DEFAULT_TEXT_SETTINGS,
      isBold: true,
      isItalic: true,
      isUnderline: true,
      align: 'right',
    });
    expect(style).toEqual({
      textAlign: 'right',
      fontWeight: 700,
      fontStyle: 'italic',
      textDecoration: 'underline',
      color: '#495057',
      fontSize: '14px',
    });
  });
});
