/**
 * What is kept of an uploaded firmware file besides its bytes: a file name that is safe to store,
 * show and send back in a Content-Disposition header, and the file's type as its first bytes tell it
 * (never as the uploader claims it).
 */

/** The longest file name kept (characters); longer names lose the end of their stem, not the extension. */
export const FIRMWARE_FILENAME_MAX = 100;
/** The name kept when nothing safe is left of the one given. */
export const FIRMWARE_FALLBACK_FILENAME = 'firmware.bin';
/** How many leading bytes `detectFirmwareType` looks at. */
export const FIRMWARE_SNIFF_BYTES = 64;
/** The type of a file no signature matches: plain binary. */
export const OCTET_STREAM = 'application/octet-stream';

// Control characters (C0, DEL, C1) and invisible format characters such as the bidirectional overrides,
// which make a name read differently from what it is ("invoice\u202Egpj.exe" shown as "invoiceexe.jpg").
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;
// Characters Windows refuses in file names: a device that saves the file under this name must manage to.
const RESERVED_CHARACTERS = /[<>:"|?*]/g;

/**
 * The base name of an uploaded file: no directories (split on / and \), no control characters, no
 * leading dots or spaces (no hidden files, no "..") and at most FIRMWARE_FILENAME_MAX characters.
 */
export function safeFirmwareFileName(given: string): string {
  const base = given.split(/[/\\]/).at(-1) ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(RESERVED_CHARACTERS, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (cleaned === '') return FIRMWARE_FALLBACK_FILENAME;
  const chars = [...cleaned];
  if (chars.length <= FIRMWARE_FILENAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? [...cleaned.slice(dot)] : [];
  return [...chars.slice(0, FIRMWARE_FILENAME_MAX - extension.length), ...extension].join('');
}

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

/** Magic numbers of the formats firmware ships in, most specific first. */
const SIGNATURES: { type: string; matches: (head: Buffer) => boolean }[] = [
  { type: 'application/x-elf', matches: (head) => startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) },
  {
    type: 'application/zip',
    matches: (head) =>
      startsWith(head, [0x50, 0x4b]) &&
      (startsWith(head, [3, 4], 2) || startsWith(head, [5, 6], 2) || startsWith(head, [7, 8], 2)),
  },
  { type: 'application/gzip', matches: (head) => startsWith(head, [0x1f, 0x8b, 0x08]) },
  { type: 'application/x-xz', matches: (head) => startsWith(head, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) },
  // UF2 (microcontroller bootloaders): "UF2\n" then the second magic word 0x9E5D5157, little-endian.
  {
    type: 'application/x-uf2',
    matches: (head) => startsWith(head, [0x55, 0x46, 0x32, 0x0a, 0x57, 0x51, 0x5d, 0x9e]),
  },
  // Intel HEX: text records ":LLAAAATT…" (byte count, address, record type, data, checksum).
  {
    type: 'text/x-hex',
    matches: (head) => /^:[0-9A-Fa-f]{10,}(\r?\n|$)/.test(head.toString('latin1')),
  },
];

/** The file's type from its first bytes (FIRMWARE_SNIFF_BYTES of them); plain binary when none matches. */
export function detectFirmwareType(head: Buffer): string {
  return SIGNATURES.find((signature) => signature.matches(head))?.type ?? OCTET_STREAM;
}
