/** Reading what the HTTP and CoAP ingest endpoints answer, leniently: a simulator keeps going. */
import { type DeviceCommand, deviceCommandSchema, ingestResultSchema } from '@ferrite/contracts';

/** The commands of a `{commands: [...]}` answer; malformed entries are skipped. */
export function commandsOf(body: unknown): DeviceCommand[] {
  const list = (body as { commands?: unknown } | null)?.commands;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = deviceCommandSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The problems an ingest answer lists (none when the answer is not an ingest result). */
export function problemsOf(body: unknown): string[] {
  const parsed = ingestResultSchema.safeParse(body);
  return parsed.success ? parsed.data.problems : [];
}

/** Parses a JSON body, or answers null (empty or not JSON). */
export function jsonOrNull(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A one-line reason from a failed answer: the problem's detail when it is one, else the text. */
export function reasonOf(status: string | number, text: string): string {
  const body = jsonOrNull(text) as { detail?: unknown; title?: unknown } | null;
  const detail =
    typeof body?.detail === 'string' ? body.detail : typeof body?.title === 'string' ? body.title : text;
  return `${status}${detail ? ` ${detail.slice(0, 200)}` : ''}`;
}

/** Which device call a path under `/ingest/{uuid}` is, for error messages. */
export function callName(path: string): string {
  if (path === '') return 'readings';
  if (path === '/heartbeat') return 'heartbeat';
  if (path === '/commands') return 'command poll';
  return 'command ack';
}
