/**
 * What the palette shows the same way for every kind of a category (colour, logo side) and the socket
 * shapes kinds share, so a kind's file says only what is its own.
 */
import type { LogoPosition, NodeCategory, NodeSocket, SocketType } from '@ferrite/contracts';

/** Header colour, logo side and category of each category's kinds (readable with white text). */
export const SOURCE = {
  category: 'source',
  node_color: '#2b8a3e',
  logo_position: 'left',
} as const satisfies Look;
export const LOGIC = {
  category: 'logic',
  node_color: '#1864ab',
  logo_position: 'left',
} as const satisfies Look;
export const SCRIPT = {
  category: 'script',
  node_color: '#6741d9',
  logo_position: 'left',
} as const satisfies Look;
export const SINK = {
  category: 'sink',
  node_color: '#d9480f',
  logo_position: 'right',
} as const satisfies Look;

interface Look {
  category: NodeCategory;
  node_color: string;
  logo_position: LogoPosition;
}

/** A socket (inputs are required unless said). */
export function socket(key: string, label: string, type: SocketType, required?: boolean): NodeSocket {
  return { key, label, socket: { type }, ...(required === undefined ? {} : { required }) };
}

/** The one required input most kinds have. */
export const IN_READING = [socket('in', 'In', 'reading', true)];
export const IN_ANY = [socket('in', 'In', 'any', true)];
/** A sink's pass-through output, so actions can be chained. */
export const OUT_ANY = [socket('out', 'Out', 'any')];
export const OUT_READING = [socket('out', 'Out', 'reading')];

/** An error's first line (library errors carry a source excerpt below it). */
export function errorText(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error && 'message' in error
        ? String((error as { message: unknown }).message)
        : String(error);
  return text.split('\n')[0] ?? text;
}
