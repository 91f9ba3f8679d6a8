import { describe, expect, it } from 'vitest';
import { highestNumber } from './index';

describe('highestNumber', () => {
  it('finds the highest number among simulated gateways and sensors, ignoring other names', () => {
    const names = [
      'Simulated gateway 07',
      'Simulated sensor 12',
      'Simulated gateway 100x',
      'Press 99',
      'Simulated gateway 3',
    ];
    expect(highestNumber(names)).toBe(12);
    expect(highestNumber([])).toBe(0);
  });
});
