/**
 * How many connections the embedded broker keeps open, in all and from one client address: each one
 * holds buffers and an Aedes client, and until CONNECT completes nobody knows who opened it.
 */
import type { Socket } from 'node:net';

export interface ConnectionLimitOptions {
  maxConnections: number;
  maxPerAddress: number;
}

/** Why a connection was turned away, for the log. */
export type ConnectionRefusal = 'total' | 'address';

/** Counts open connections and turns away those over either limit. */
export class ConnectionLimits {
  private total = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly options: ConnectionLimitOptions) {}

  /** Counts the socket until it closes, or answers why it must be refused (it is then not counted). */
  admit(socket: Socket): ConnectionRefusal | null {
    const address = socket.remoteAddress ?? '';
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (this.total >= this.options.maxConnections) return 'total';
    if (fromAddress >= this.options.maxPerAddress) return 'address';
    this.total++;
    this.byAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      this.total--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    return null;
  }

  /** Open connections now, in all. */
  get open(): number {
    return this.total;
  }
}
