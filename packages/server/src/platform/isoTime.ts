/**
 * ISO 8601 UTC times (`YYYY-MM-DDTHH:mm:ss.sssZ`), the one way every answer writes a time.
 *
 * `iso`/`isoOrNull` write a timestamp column. `isoOfMs`/`isoOfTime` write epoch milliseconds exactly as
 * Date#toISOString does, by arithmetic: a widget answer formats hundreds of points and
 * toISOString took half a microsecond each, a fifth of the answer's own work. Telemetry times carry
 * microseconds as the fraction of a millisecond (readings stamped on arrival are microseconds apart):
 * isoOfTime writes those too.
 */

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

const DAY_MS = 86_400_000;
/** Years 0000–9999 print with four digits; others (±YYYYYY) are left to Date. */
const FIRST_MS = new Date('0000-01-01T00:00:00Z').getTime();
const END_MS = new Date('+010000-01-01T00:00:00Z').getTime();

/** The civil date of a day count since 1970-01-01 (Howard Hinnant's days_from_civil, inverted). */
function civil(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** `new Date(ms).toISOString()`, without the Date. */
export function isoOfMs(epochMs: number): string {
  // Date keeps whole milliseconds, truncated toward zero.
  const ms = Math.trunc(epochMs);
  if (!(ms >= FIRST_MS && ms < END_MS)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const [year, month, day] = civil(days);
  const yyyy = year < 1000 ? `000${year}`.slice(-4) : `${year}`;
  return `${yyyy}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}Z`;
}

/**
 * An ISO time of epoch milliseconds that keeps microseconds (the fraction of a millisecond): six
 * fractional digits when there are any, else exactly isoOfMs.
 */
export function isoOfTime(epochMs: number): string {
  if (Number.isInteger(epochMs)) return isoOfMs(epochMs);
  const micros = Math.round(epochMs * 1000);
  const ms = Math.floor(micros / 1000);
  const rest = micros - ms * 1000;
  const iso = isoOfMs(ms);
  return rest === 0 ? iso : `${iso.slice(0, -1)}${pad3(rest)}Z`;
}

/** The ISO text of a timestamp column. */
export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** The ISO text of a timestamp column, or null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}
