import { describe, expect, it } from 'vitest';
import { formatValue, valueError } from './values';

describe('metadata values', () => {
  it('checks a value against its data type; empty fits every type', () => {
    expect(valueError('number', '-1.5e3')).toBeNull();
    expect(valueError('number', '1,5')).toBe('Must be a number');
    expect(valueError('integer', '12.0')).toBe('Must be a whole number');
    expect(valueError('boolean', 'yes')).toBe('Must be true or false');
    expect(valueError('integer', '  ')).toBeNull();
  });

  it('formats numbers with their unit, grouping only large ones, booleans as Yes/No', () => {
    expect(formatValue('integer', '2020')).toBe('2020');
    expect(formatValue('number', '12500.5', 'kW')).toBe('12,500.5 kW');
    expect(formatValue('boolean', 'false')).toBe('No');
    expect(formatValue('string', '')).toBe('—');
  });
});
