import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionLimits } from './connectionLimits';

/** Enough of a socket for the limits: an address and a close event. */
function socketFrom(address: string): Socket & EventEmitter {
  return Object.assign(new EventEmitter(), { remoteAddress: address }) as unknown as Socket & EventEmitter;
}

describe('broker connection limits', () => {
  it('refuses connections over the total, whatever their address, until one closes', () => {
    const limits = new ConnectionLimits({ maxConnections: 3, maxPerAddress: 10 });
    const open = ['10.0.0.1', '10.0.0.2', '10.0.0.3'].map(socketFrom);
    for (const socket of open) expect(limits.admit(socket)).toBeNull();
    expect(limits.admit(socketFrom('10.0.0.4'))).toBe('total');
    open[0]?.emit('close');
    expect(limits.admit(socketFrom('10.0.0.4'))).toBeNull();
    expect(limits.open).toBe(3);
  });

  it('refuses a fourth connection from one address while others still connect', () => {
    const limits = new ConnectionLimits({ maxConnections: 100, maxPerAddress: 3 });
    const same = Array.from({ length: 3 }, () => socketFrom('10.0.0.9'));
    for (const socket of same) expect(limits.admit(socket)).toBeNull();
    expect(limits.admit(socketFrom('10.0.0.9'))).toBe('address');
    expect(limits.admit(socketFrom('10.0.0.8'))).toBeNull();
    for (const socket of same) socket.emit('close');
    expect(limits.admit(socketFrom('10.0.0.9'))).toBeNull();
  });
});
