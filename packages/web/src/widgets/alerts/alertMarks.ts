/**
 * Alerts drawn on a time chart AT THE DATA POINT THAT FIRED THEM (a pin at the reading's own time and
 * value, in the severity's colour, its description on hover), and thresholds as dashed lines. Used by the
 * dashboards' line and area charts and by the Alerts app's detail chart.
 */
import type { AlertMark, AlertSeverity } from '@ferrite/contracts';

/** The severity colours (contracts SEVERITY_COLORS) as Mantine's default shade 6, for ECharts. */
export const SEVERITY_HEX: Record<AlertSeverity, string> = {
  critical: '#fa5252',
  major: '#fd7e14',
  minor: '#fab005',
  warning: '#be4bdb',
  info: '#228be6',
};

/** What one pin needs. */
export type MarkInput = Pick<AlertMark, 'id' | 'triggered_at' | 'value' | 'severity' | 'description'>;

/** The y of a mark: its own value, else the series' value nearest its time (a "no data" alert has none). */
function markValue(mark: MarkInput, points: Array<[number, number]>): number | null {
  if (mark.value !== null) return mark.value;
  const at = Date.parse(mark.triggered_at);
  let best: [number, number] | undefined;
  for (const point of points) if (!best || Math.abs(point[0] - at) < Math.abs(best[0] - at)) best = point;
  return best ? best[1] : null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** An ECharts markPoint with one pin per mark inside [from, to]; undefined when there is none. */
export function alertMarkPoint(
  marks: MarkInput[],
  points: Array<[number, number]>,
  window?: [number, number],
) {
  const data = marks.flatMap((mark) => {
    const at = Date.parse(mark.triggered_at);
    if (window && (at < window[0] || at > window[1])) return [];
    const value = markValue(mark, points);
    if (value === null) return [];
    return [
      {
        name: mark.description,
        coord: [at, value],
        value: '!',
        itemStyle: { color: SEVERITY_HEX[mark.severity], borderColor: '#fff', borderWidth: 1 },
        alertId: mark.id,
      },
    ];
  });
  if (data.length === 0) return undefined;
  return {
    symbol: 'pin',
    symbolSize: 34,
    label: { show: true, color: '#fff', fontWeight: 700 as const, fontSize: 12 },
    tooltip: {
      trigger: 'item' as const,
      formatter: (params: unknown) => escapeHtml((params as { name?: string }).name ?? ''),
    },
    data,
  };
}

/** The numbers of a threshold in words ("> 7.5", "outside 2–8"), for dashed lines. */
export function thresholdNumbers(threshold: string | null): number[] {
  if (!threshold) return [];
  return [...threshold.matchAll(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi)]
    .map((m) => Number(m[0]))
    .filter(Number.isFinite);
}
