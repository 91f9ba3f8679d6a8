/** Messages between the main thread (messageDecoder.ts) and the decode worker (worker.ts). */
import type { DecodedMessage } from '../decodeMessage';
import type { MappingSpec } from '../payloadMapping';

/** A message to decode: its bytes (transferred) or text, and its gateway's mappings. */
export interface DecodeJob {
  id: number;
  spec: MappingSpec;
  body: Uint8Array | string;
}

export interface DecodeAnswer {
  id: number;
  decoded: DecodedMessage;
}
