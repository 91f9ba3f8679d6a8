/**
 * CPU time a benchmark phase used, and by whom: this Node.js process (every thread: the server's and the
 * bench's own load threads) and the local PostgreSQL server's processes, read from /proc (Linux; none
 * when the server runs elsewhere or /proc is not there). On a machine of two cores an ingest that keeps
 * them busy is bounded by the sum, so the split says where a rate goes next to raw COPY's: how much
 * more the database did (rollups, statements), and how much the Node.js side took from it.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in ticks of USER_HZ, 100 a second on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

export interface CpuMark {
  node: NodeJS.CpuUsage;
  /** CPU seconds used so far by each PostgreSQL process, by pid; null without /proc. */
  postgres: Map<number, number> | null;
}

export interface CpuUsed {
  nodeS: number;
  /** Null when PostgreSQL's processes cannot be read. */
  postgresS: number | null;
}

export function cpuMark(): CpuMark {
  return { node: process.cpuUsage(), postgres: postgresSeconds() };
}

/**
 * CPU seconds since `mark`. A PostgreSQL process that started since counts whole; one that ended since
 * is missed (the bench's pools keep their connections for the run).
 */
export function cpuSince(mark: CpuMark): CpuUsed {
  const node = process.cpuUsage(mark.node);
  const now = postgresSeconds();
  let postgresS: number | null = null;
  if (now && mark.postgres) {
    postgresS = 0;
    for (const [pid, used] of now) postgresS += used - (mark.postgres.get(pid) ?? 0);
  }
  return { nodeS: (node.user + node.system) / 1e6, postgresS };
}

function postgresSeconds(): Map<number, number> | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const seconds = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const used = cpuSecondsOf(`/proc/${entry}/stat`, 'postgres');
    if (used !== null) seconds.set(Number(entry), used);
  }
  return seconds.size > 0 ? seconds : null;
}

/** utime + stime of a /proc stat file in seconds, if it is readable (and its command is `command`). */
function cpuSecondsOf(file: string, command?: string): number | null {
  let stat: string;
  try {
    stat = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  // The command is in parentheses and may hold spaces; the fields after it are space-separated.
  const close = stat.lastIndexOf(')');
  if (command !== undefined && stat.slice(stat.indexOf('(') + 1, close) !== command) return null;
  const fields = stat.slice(close + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), here 11 and 12 after the command.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
