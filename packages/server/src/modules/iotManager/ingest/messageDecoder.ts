/**
 * Decodes device messages, the big ones off the event loop. A message of many readings (a gateway
 * sending a minute of a hundred sensors at once, hundreds of kilobytes of JSON) takes milliseconds to
 * parse and map, and every API request arriving meanwhile would wait for it; so from WORKER_FROM_BYTES
 * on, messages go to one worker thread, in order, while small ones (the usual single reading) are
 * decoded at once, where a thread hop would cost more than it saves. If the worker fails, the messages
 * it held are decoded here instead and the next big one starts a new worker.
 */
import type { Worker } from 'node:worker_threads';
import { startTypeScriptThread } from '../../../platform/threads/typescriptThread';
import { type DecodedMessage, decodeMessage } from './decodeMessage';
import type { DecodeAnswer, DecodeJob } from './decodeWorker/protocol';
import { type MappingSpec, mappingSpec } from './payloadMapping';

/** From this size (bytes or characters) a message is decoded in the worker. */
export const WORKER_FROM_BYTES = 32 * 1024;

interface Waiting {
  spec: MappingSpec;
  body: Uint8Array | string;
  resolve(decoded: DecodedMessage): void;
}

export class MessageDecoder {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private closed = false;

  /** The message's points through the gateway's mappings, or why it is not JSON; never rejects. */
  decode(gateway: MappingSpec, body: Uint8Array | string): Promise<DecodedMessage> {
    if (body.length < WORKER_FROM_BYTES || this.closed) {
      return Promise.resolve(decodeMessage(gateway, body));
    }
    // Only what mapping needs crosses to the worker (not the gateway's token hash and the rest).
    const spec = mappingSpec(gateway);
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.waiting.set(id, { spec, body, resolve });
      // A tight copy is transferred: a broker's payload may be a view into a much larger buffer, and the
      // original stays here in case the worker fails.
      const bytes = typeof body === 'string' ? body : Uint8Array.prototype.slice.call(body);
      const job: DecodeJob = { id, spec, body: bytes };
      this.started().postMessage(job, typeof bytes === 'string' ? [] : [bytes.buffer as ArrayBuffer]);
    });
  }

  /**
   * Starts the worker before the first big message needs it (it takes a few hundred milliseconds to
   * load under load, which that message would otherwise wait for).
   */
  warmUp(): void {
    if (!this.closed) this.started();
  }

  /** Stops the worker; messages still waiting are decoded here. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.decodeWaitingHere();
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startTypeScriptThread(new URL('./decodeWorker/worker.ts', import.meta.url));
    // Not a reason to keep the process alive: close() ends it, and a process exiting needs no decoding.
    worker.unref();
    worker.on('message', (answer: DecodeAnswer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      waiting?.resolve(answer.decoded);
    });
    const failed = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.decodeWaitingHere();
    };
    worker.on('error', failed);
    worker.on('exit', failed);
    this.worker = worker;
    return worker;
  }

  private decodeWaitingHere(): void {
    for (const [id, { spec, body, resolve }] of this.waiting) {
      this.waiting.delete(id);
      resolve(decodeMessage(spec, body));
    }
  }
}
