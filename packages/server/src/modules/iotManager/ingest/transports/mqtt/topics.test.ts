import { describe, expect, it } from 'vitest';
import type { IngestGateway } from '../../gatewayDirectory';
import { topicOwner } from './topics';

/** Only what attribution reads of a gateway. */
const gateway = (topic: string, topicBlocked = false) =>
  ({ id: topic, topic, topicBlocked }) as IngestGateway;

/** A directory holding these gateways by base topic. */
const directory =
  (...gateways: IngestGateway[]) =>
  async (base: string) =>
    gateways.find((g) => g.topic === base) ?? null;

describe('which gateway a published topic belongs to', () => {
  it('is the one gateway one of whose four topics it exactly is', async () => {
    const lookup = directory(gateway('plant/a'));
    expect(await topicOwner('plant/a', lookup)).toMatchObject({
      gateway: { id: 'plant/a' },
      role: 'telemetry',
    });
    expect(await topicOwner('plant/a/heartbeat', lookup)).toMatchObject({ role: 'heartbeat' });
    expect(await topicOwner('plant/a/commands/ack', lookup)).toMatchObject({ role: 'ack' });
    expect(await topicOwner('plant/a/commands', lookup)).toMatchObject({ role: 'commands' });
    expect(await topicOwner('plant/a/other', lookup)).toBeNull();
    expect(await topicOwner('plant/ab', lookup)).toBeNull();
  });

  it('is nobody when two gateways claim it, and never a blocked one', async () => {
    // Left from before topics were checked: `plant/a/commands` is a's command topic and b's telemetry.
    const both = directory(gateway('plant/a'), gateway('plant/a/commands'));
    expect(await topicOwner('plant/a/commands', both)).toBe('ambiguous');
    const blocked = directory(gateway('plant/a'), gateway('plant/a/commands', true));
    expect(await topicOwner('plant/a/commands', blocked)).toMatchObject({
      gateway: { id: 'plant/a' },
      role: 'commands',
    });
    expect(await topicOwner('plant/a/commands/heartbeat', blocked)).toBeNull();
  });
});
