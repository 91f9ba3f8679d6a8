/**
 * One device message's bytes → its points: UTF-8 text, JSON, then the gateway's mappings. Runs inline
 * for small messages and in the decode worker for big ones (messageDecoder.ts); both run this.
 */
import { type MappedPayload, type MappingSpec, mapPayload } from './payloadMapping';

/** The message mapped, or why it is not JSON. */
export type DecodedMessage = { malformed: null; mapped: MappedPayload } | { malformed: string; mapped: null };

/** Decodes and maps one message; never throws. */
export function decodeMessage(spec: MappingSpec, body: Uint8Array | string): DecodedMessage {
  const text =
    typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.length).toString('utf8');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    return { malformed: `Malformed JSON: ${(error as Error).message}`, mapped: null };
  }
  return { malformed: null, mapped: mapPayload(spec, payload) };
}
