import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aggregateSlice, groupSeries, sliceSeries } from './batchPlan';
import { encodeRollups, encodeTelemetry } from './copyEncoding';
import { EncodeBuffers } from './encodeBuffers';
import { runsOfPoints, type TelemetryPoint } from './pointRuns';

const orgId = randomUUID();

function slice(sensors: number, pointsEach: number, paramKey: string) {
  const points: TelemetryPoint[] = [];
  for (let s = 0; s < sensors; s++) {
    const sensorId = randomUUID();
    for (let i = 0; i < pointsEach; i++) {
      points.push({
        orgId,
        sensorId,
        paramKey,
        ts: new Date(Date.UTC(2026, 5, 1) + i * 1000),
        value: s + i / 7,
      });
    }
  }
  return sliceSeries(groupSeries(runsOfPoints(points)).series, Number.POSITIVE_INFINITY)[0] ?? [];
}

describe('COPY streams in reused buffers', () => {
  it('encode the same bytes as fresh ones, whatever an earlier stream left in the buffer', () => {
    const buffers = new EncodeBuffers(2);
    const big = slice(20, 500, 'a rather long parameter key');
    const small = slice(3, 40, 'k');
    const first = encodeTelemetry(big, buffers);
    expect(first).toEqual(encodeTelemetry(big));
    buffers.give(first);
    // The smaller stream lands in the buffer the bigger one filled, over its leftover bytes.
    const second = encodeTelemetry(small, buffers);
    expect(second.buffer).toBe(first.buffer);
    expect(second).toEqual(encodeTelemetry(small));
    buffers.give(second);
    const rollups = encodeRollups(aggregateSlice(small), buffers);
    expect(rollups.buffer).toBe(first.buffer);
    expect(rollups).toEqual(encodeRollups(aggregateSlice(small)));
  });

  it('never lends one buffer twice before it is given back', () => {
    const buffers = new EncodeBuffers(4);
    const one = buffers.take(1000);
    buffers.give(one);
    const again = buffers.take(500);
    const other = buffers.take(500);
    expect(again.buffer).toBe(one.buffer);
    expect(other.buffer).not.toBe(again.buffer);
    // Given back twice by mistake, it is still held once.
    buffers.give(again);
    buffers.give(again);
    expect(buffers.take(10).buffer).toBe(again.buffer);
    expect(buffers.take(10).buffer).not.toBe(again.buffer);
  });
});
