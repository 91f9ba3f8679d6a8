import { describe, expect, it } from 'vitest';
import { ARRIVAL_SLOTS, ArrivalClock, nodeSlot, stampArrivals } from './arrivalClock';

describe('ArrivalClock', () => {
  it('hands out strictly increasing microseconds in its node slot, however fast messages come', () => {
    const clock = new ArrivalClock(3);
    const arrived = clock.nowMicros();
    const firsts = Array.from({ length: 1_000 }, () => clock.reserve(2, arrived));
    for (let i = 1; i < firsts.length; i++) {
      // Each message's two readings took two stamps: the next message starts after both.
      expect(firsts[i]! - firsts[i - 1]!).toBe(2 * ARRIVAL_SLOTS);
    }
    expect(firsts.every((micros) => micros % ARRIVAL_SLOTS === 3)).toBe(true);
    expect(firsts[0]).toBeGreaterThanOrEqual(arrived);
  });

  it('follows the wall clock to within a couple of milliseconds', () => {
    const clock = new ArrivalClock();
    // Between two wall-clock readings, not beside one: on a loaded machine the thread can be paused for
    // milliseconds between two calls, which is the machine's delay, not the clock's.
    const before = Date.now();
    const millis = clock.nowMicros() / 1000;
    const after = Date.now();
    expect(millis).toBeGreaterThanOrEqual(before - 2);
    expect(millis).toBeLessThanOrEqual(after + 3);
  });

  it('gives one node name one slot', () => {
    expect(nodeSlot('ingest-a')).toBe(nodeSlot('ingest-a'));
    expect(nodeSlot('ingest-a')).toBeLessThan(ARRIVAL_SLOTS);
  });

  it("turns reading numbers into times, a reading's parameters at one time", () => {
    const temp = { ts: [0, 1, 2] };
    const hum = { ts: Float64Array.from([0, 2]) };
    stampArrivals([temp, hum], 1_763_000_000_000_003);
    expect(temp.ts).toEqual([1_763_000_000_000.003, 1_763_000_000_000.013, 1_763_000_000_000.023]);
    expect([...hum.ts]).toEqual([1_763_000_000_000.003, 1_763_000_000_000.023]);
  });
});
