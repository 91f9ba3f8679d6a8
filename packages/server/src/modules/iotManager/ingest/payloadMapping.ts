/**
 * One device message → telemetry points, through the gateway's mappings: each reading (the message,
 * or each element when it is an array) yields a point per mapped JSON path present in it, at the
 * reading's mapped timestamp or, on a gateway without a timestamp mapping, at its arrival time (given
 * by ingestService's ArrivalClock, a distinct microsecond per reading). What cannot be used is said in
 * `problems`, which end up in the gateway log.
 */
import { readJsonPath, type TimestampFormat } from '@ferrite/contracts';
import type { PointRun } from '../../../telemetry/pointRuns';
import type { IngestGateway } from './gatewayDirectory';

export interface MappedPayload {
  /** The points, a run per mapped sensor parameter that has any. */
  runs: PointRun[];
  readings: number;
  problems: string[];
  /**
   * The gateway maps no timestamp: each point's time is its reading's index in the message, for
   * stampArrivals (arrivalClock.ts) to turn into arrival times on the main thread, the one clock.
   */
  stampOnArrival: boolean;
}

/** The most readings one message may carry. */
export const MAX_READINGS_PER_MESSAGE = 10_000;
/** Problems beyond this many are summarised, so one bad batch cannot flood the log. */
const MAX_PROBLEMS = 20;

/** What mapping needs of a gateway (all of it plain data, so it can be sent to the decode worker). */
export type MappingSpec = Pick<IngestGateway, 'orgId' | 'mappings' | 'timestampMapping' | 'timestampSteps'>;

/** Just the fields MappingSpec names, of a gateway that has more. */
export function mappingSpec(gateway: MappingSpec): MappingSpec {
  const { orgId, mappings, timestampMapping, timestampSteps } = gateway;
  return { orgId, mappings, timestampMapping, timestampSteps };
}

/** Maps a parsed payload; never throws. */
export function mapPayload(gateway: MappingSpec, payload: unknown): MappedPayload {
  const problems: string[] = [];
  const say = (problem: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
    else if (problems.length === MAX_PROBLEMS) problems.push('… more problems not shown');
  };
  const readings = Array.isArray(payload) ? payload : [payload];
  const stampOnArrival = !gateway.timestampMapping.field || !gateway.timestampSteps;
  if (readings.length > MAX_READINGS_PER_MESSAGE) {
    return {
      runs: [],
      readings: readings.length,
      problems: [`More than ${MAX_READINGS_PER_MESSAGE} readings in one message`],
      stampOnArrival,
    };
  }
  if (gateway.mappings.length === 0) {
    return {
      runs: [],
      readings: readings.length,
      problems: ['No parameter is mapped on this gateway yet'],
      stampOnArrival,
    };
  }
  // runs[m]: the points of mapping m, made when it first yields one.
  const runs: ((PointRun & { ts: number[]; values: number[] }) | undefined)[] = new Array(
    gateway.mappings.length,
  );
  readings.forEach((reading, index) => {
    const where = readings.length > 1 ? `Reading ${index + 1}: ` : '';
    if (reading === null || typeof reading !== 'object' || Array.isArray(reading)) {
      say(`${where}a reading must be a JSON object`);
      return;
    }
    const ts = stampOnArrival ? index : readingTime(gateway, reading);
    if (typeof ts === 'string') {
      say(`${where}${ts}`);
      return;
    }
    let found = 0;
    for (let m = 0; m < gateway.mappings.length; m++) {
      const mapping = gateway.mappings[m] as IngestGateway['mappings'][number];
      const raw = readJsonPath(reading, mapping.steps);
      if (raw === undefined) continue;
      found += 1;
      const value = numericValue(raw);
      if (value === null) {
        say(`${where}"${mapping.path}" is not a number (${JSON.stringify(raw)?.slice(0, 60)})`);
        continue;
      }
      let run = runs[m];
      if (!run) {
        run = {
          orgId: gateway.orgId,
          sensorId: mapping.sensorId,
          paramKey: mapping.paramKey,
          ts: [],
          values: [],
        };
        runs[m] = run;
      }
      run.ts.push(ts);
      run.values.push(value);
    }
    if (found === 0) say(`${where}none of the mapped fields (${mappedPathList(gateway)}) is present`);
  });
  return {
    runs: runs.filter((run) => run !== undefined),
    readings: readings.length,
    problems,
    stampOnArrival,
  };
}

function mappedPathList(gateway: MappingSpec): string {
  const paths = gateway.mappings.map((m) => m.path);
  return paths.length > 5 ? `${paths.slice(0, 5).join(', ')}, …` : paths.join(', ');
}

/** Numbers as they are, booleans as 1/0, numeric strings parsed; anything else is refused. */
function numericValue(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const parsed = Number(raw);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * The reading's mapped time in epoch milliseconds, to the microsecond the table keeps (so the writer
 * meets the very time it stores), or why it cannot be read.
 */
function readingTime(gateway: MappingSpec, reading: object): number | string {
  const { field, format } = gateway.timestampMapping;
  const raw = readJsonPath(reading, gateway.timestampSteps ?? []);
  if (raw === undefined || raw === null) return `timestamp field "${field}" is missing`;
  const parsed = parseTimestamp(raw, format);
  if (!parsed) return `timestamp "${String(raw).slice(0, 40)}" is not ${FORMAT_NAMES[format]}`;
  return parsed;
}

const FORMAT_NAMES: Record<TimestampFormat, string> = {
  iso8601: 'an ISO-8601 date-time',
  epoch_s: 'epoch seconds',
  epoch_ms: 'epoch milliseconds',
};

/** Years a reading may claim: anything outside is a unit mistake (seconds sent as milliseconds …). */
const EARLIEST = Date.UTC(1990, 0, 1);
const LATEST_AHEAD_MS = 24 * 3600 * 1000;

/**
 * Parses a timestamp in the mapped format into epoch milliseconds rounded to the microsecond; null
 * when it does not fit or is implausible.
 */
export function parseTimestamp(raw: unknown, format: TimestampFormat): number | null {
  let ms: number;
  if (format === 'iso8601') {
    if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw)) return null;
    ms = Date.parse(raw);
  } else {
    const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
    if (!Number.isFinite(number)) return null;
    ms = format === 'epoch_s' ? number * 1000 : number;
  }
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > Date.now() + LATEST_AHEAD_MS) return null;
  return Number.isInteger(ms) ? ms : Math.round(ms * 1000) / 1000;
}
