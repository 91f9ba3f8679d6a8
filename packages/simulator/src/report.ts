/** The lines the CLI prints: a live line per interval and the totals at the end. */
import type { FleetStats } from './stats';

/** "1 gateway", "5 gateways". */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const rate = (count: number, ms: number) => (ms > 0 ? ((count * 1000) / ms).toFixed(1) : '0.0');

/** One live line: totals so far and the per-second rates since the previous line. */
export function liveLine(previous: FleetStats, current: FleetStats): string {
  const ms = current.elapsedMs - previous.elapsedMs;
  const time = `[${String(Math.round(current.elapsedMs / 1000)).padStart(5)}s]`;
  const parts = [
    `readings ${current.readings} (${rate(current.readings - previous.readings, ms)}/s)`,
    `points ${current.points} (${rate(current.points - previous.points, ms)}/s)`,
    `heartbeats ${current.heartbeats}`,
    `commands ${current.commands}`,
    `errors ${current.errors}`,
  ];
  if (current.dropped > 0) parts.push(`dropped ${current.dropped}`);
  if (current.problems > 0) parts.push(`problems ${current.problems}`);
  let line = `${time} ${parts.join(' · ')}`;
  if (current.errors > previous.errors && current.lastError)
    line += `\n        last error: ${current.lastError}`;
  if (current.problems > previous.problems && current.lastProblem) {
    line += `\n        last problem: ${current.lastProblem}`;
  }
  return line;
}

/** The closing summary, with averages over the whole run. */
export function totalsLines(stats: FleetStats): string {
  const seconds = (stats.elapsedMs / 1000).toFixed(1);
  return [
    `Stopped after ${seconds}s: ${plural(stats.gateways, 'gateway')} sent ${stats.readings} readings (${rate(stats.readings, stats.elapsedMs)}/s)`,
    `  points ${stats.points} (${rate(stats.points, stats.elapsedMs)}/s), messages ${stats.messages}, heartbeats ${stats.heartbeats}`,
    `  commands ${stats.commands}, acks ${stats.acks}, errors ${stats.errors}, dropped ${stats.dropped}, problems ${stats.problems}`,
    ...(stats.lastError ? [`  last error: ${stats.lastError}`] : []),
  ].join('\n');
}
