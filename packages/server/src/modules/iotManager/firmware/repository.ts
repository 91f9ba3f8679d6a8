/** SQL for firmware files and their rollouts; every method that reads tenant data is scoped to one organization. */
import { Repository } from '../../../platform/db/repository';

/** Data access for firmware and rollouts; bind it to a transaction with `transaction`. */
export class FirmwareRepository extends Repository {
  private selectFirmware() {
    return this.db
      .selectFrom('firmware as f')
      .leftJoin('users as u', 'u.id', 'f.created_by')
      .select([
        'f.id',
        'f.org_id',
        'f.name',
        'f.version',
        'f.filename',
        'f.content_type',
        'f.size',
        'f.sha256',
        'f.blob_key',
        'f.notes',
        'f.created_by',
        'u.name as creator_name',
        'f.created_at',
      ]);
  }

  /** The organization's firmware, newest first. */
  list(orgId: string) {
    return this.selectFirmware()
      .where('f.org_id', '=', orgId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .execute();
  }

  /** One firmware file of the organization. */
  findById(orgId: string, id: string) {
    return this.selectFirmware().where('f.org_id', '=', orgId).where('f.id', '=', id).executeTakeFirst();
  }

  /** A firmware file by id alone: only the signed public download uses this, after checking the signature. */
  findForDownload(id: string) {
    return this.db
      .selectFrom('firmware')
      .select(['id', 'filename', 'size', 'sha256', 'blob_key'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the organization already has this name and version. */
  async exists(orgId: string, name: string, version: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('firmware')
      .select('id')
      .where('org_id', '=', orgId)
      .where('name', '=', name)
      .where('version', '=', version)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stores a firmware file's record (its bytes are already in the blob store). */
  async insert(values: {
    id: string;
    orgId: string;
    name: string;
    version: string;
    filename: string;
    contentType: string;
    notes: string;
    size: number;
    sha256: string;
    blobKey: string;
    createdBy: string;
  }): Promise<void> {
    await this.db
      .insertInto('firmware')
      .values({
        id: values.id,
        org_id: values.orgId,
        name: values.name,
        version: values.version,
        filename: values.filename,
        content_type: values.contentType,
        notes: values.notes,
        size: values.size,
        sha256: values.sha256,
        blob_key: values.blobKey,
        created_by: values.createdBy,
      })
      .execute();
  }

  /** Deletes a firmware record with its rollouts. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('firmware').where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** The organization's active gateways among these ids (rollout targets). */
  activeGateways(orgId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateways')
      .select(['id', 'org_id', 'name', 'protocol', 'topic'])
      .where('org_id', '=', orgId)
      .where('id', 'in', ids)
      .where('archived_at', 'is', null)
      .execute();
  }

  private selectRollouts() {
    return this.db
      .selectFrom('firmware_rollouts as r')
      .innerJoin('firmware as f', 'f.id', 'r.firmware_id')
      .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
      .select([
        'r.id',
        'r.org_id',
        'r.firmware_id',
        'f.version as firmware_version',
        'r.gateway_id',
        'g.name as gateway_name',
        'r.command_id',
        'r.status',
        'r.progress',
        'r.message',
        'r.created_at',
        'r.updated_at',
      ]);
  }

  /** Rollouts of the organization filtered by firmware or gateway, newest first. */
  rollouts(orgId: string, filter: { firmwareId?: string; gatewayId?: string }) {
    let query = this.selectRollouts().where('r.org_id', '=', orgId);
    if (filter.firmwareId) query = query.where('r.firmware_id', '=', filter.firmwareId);
    if (filter.gatewayId) query = query.where('r.gateway_id', '=', filter.gatewayId);
    return query.orderBy('r.created_at', 'desc').orderBy('g.name').orderBy('r.id').limit(1000).execute();
  }

  /** These rollouts, whatever their organization (the expiry sweep spans all of them). */
  rolloutsByIds(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.selectRollouts().where('r.id', 'in', ids).execute();
  }

  /** Creates a pending rollout tied to its command. */
  async insertRollout(values: {
    id: string;
    orgId: string;
    firmwareId: string;
    gatewayId: string;
    commandId: string;
  }): Promise<void> {
    await this.db
      .insertInto('firmware_rollouts')
      .values({
        id: values.id,
        org_id: values.orgId,
        firmware_id: values.firmwareId,
        gateway_id: values.gatewayId,
        command_id: values.commandId,
      })
      .execute();
  }

  /** Moves a still pending rollout to notified; false when it had moved on already. */
  async markNotified(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .updateTable('firmware_rollouts')
      .set({ status: 'notified', updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Moves the pending rollouts these commands carry to notified; answers their ids. */
  async markNotifiedByCommands(orgId: string, commandIds: readonly string[]): Promise<string[]> {
    const rows = await this.db
      .updateTable('firmware_rollouts')
      .set({ status: 'notified', updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('command_id', 'in', commandIds)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Moves the unfinished rollout a command carries on (a null progress keeps the last one); answers the
   * ids it changed.
   */
  async advanceByCommand(
    orgId: string,
    commandId: string,
    values: { status: string; progress: number | null; message: string },
  ): Promise<string[]> {
    const rows = await this.db
      .updateTable('firmware_rollouts')
      .set((eb) => ({
        status: values.status,
        progress: values.progress === null ? eb.ref('progress') : values.progress,
        message: values.message,
        updated_at: new Date(),
      }))
      .where('org_id', '=', orgId)
      .where('command_id', '=', commandId)
      .where('status', 'not in', ['succeeded', 'failed', 'timed_out'])
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Times out the unfinished rollouts these expired commands carried, in any organization; answers their ids. */
  async timeOutByCommands(commandIds: readonly string[], message: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable('firmware_rollouts')
      .set({ status: 'timed_out', message, updated_at: now })
      .where('command_id', 'in', commandIds)
      .where('status', 'not in', ['succeeded', 'failed', 'timed_out'])
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}

export type FirmwareRow = NonNullable<Awaited<ReturnType<FirmwareRepository['findById']>>>;
export type RolloutRow = Awaited<ReturnType<FirmwareRepository['rollouts']>>[number];
