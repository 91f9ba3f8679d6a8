/** Actuation from the IoT Manager: send a named command with a JSON value to a gateway, list its history. */
import { randomUUID } from 'node:crypto';
import type { Command, commandBodySchema } from '@ferrite/contracts';
import type { z } from 'zod';
import { mustFindGateway } from '../gateways/checks';
import { GatewayRepository } from '../gateways/repository';
import { type Actor, activityBase, pageWindow, problems } from '../shared';
import { type DispatchDeps, dispatchCommand } from './dispatch';
import { presentCommand } from './presenter';
import type { CommandRepository, CommandRow } from './repository';

export type CommandInput = z.output<typeof commandBodySchema>;

/** A gateway's commands. */
export class CommandService {
  constructor(
    private readonly repo: CommandRepository,
    private readonly deps: DispatchDeps,
  ) {}

  /** One page of the gateway's commands, newest first, and how many it has had. */
  async list(
    orgId: string,
    gatewayId: string,
    query: { page_number: number; page_size: number },
  ): Promise<{ commands: Command[]; total_entries: number }> {
    await mustFindGateway(this.repo.sibling(GatewayRepository), orgId, gatewayId);
    const [rows, total] = await Promise.all([
      this.repo.ofGateway(orgId, gatewayId, pageWindow(query)),
      this.repo.countOfGateway(orgId, gatewayId),
    ]);
    return { commands: rows.map(presentCommand), total_entries: total };
  }

  /** Stores a pending command (409 for an archived gateway), then pushes it when a transport can. */
  async create(actor: Actor, gatewayId: string, body: CommandInput): Promise<Command> {
    const { gateway, row } = await this.repo.transaction(async (repo) => {
      const found = await mustFindGateway(repo.sibling(GatewayRepository), actor.orgId, gatewayId);
      if (found.archived_at) {
        throw problems.conflict(`Gateway "${found.name}" is archived; unarchive it to send commands`);
      }
      const id = randomUUID();
      await repo.insert({
        id,
        orgId: actor.orgId,
        gatewayId,
        name: body.name,
        value: body.value,
        createdBy: actor.userId,
        expiresAt: new Date(Date.now() + body.timeout_s * 1000),
      });
      const stored = (await repo.findById(actor.orgId, id)) as CommandRow;
      await repo.recordActivity({
        ...activityBase(actor, 'gateway_command', id),
        action: 'created',
        summary: `Sent command "${body.name}" to gateway "${found.name}"`,
        after: presentCommand(stored),
      });
      return { gateway: found, row: stored };
    });
    // Pushed only after commit, so a fast acknowledgement always finds the command.
    return (await dispatchCommand(this.repo, this.deps, gateway, row)).command;
  }
}
