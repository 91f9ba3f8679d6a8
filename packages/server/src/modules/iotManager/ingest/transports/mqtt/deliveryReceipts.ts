/**
 * The arrival stamps of MQTT messages in flight (mqtt_receipts), by broker session and packet id. A QoS 1
 * message the broker sends again (DUP: a node crashed after storing it but before its PUBACK reached the
 * broker; the survivor that takes the session over, or the node's restart, receives it again with the
 * same packet id) gets the stamp its first delivery got, so a reading without a time of its own falls on
 * the one already stored instead of becoming a second one. The stamp is recorded before the points are
 * written (one statement for all the messages of a turn) and forgotten once acknowledged (a packet id is
 * reused after its PUBACK); the digest guards against a receipt left over from an earlier message.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../../../../platform/db/database';
import type { Delivery } from '../../ingestService';

interface Pending {
  clientId: string;
  packetId: number;
  digest: Buffer;
  firstMicros: number;
  done: { resolve(): void; reject(error: unknown): void };
}

export class DeliveryReceipts {
  private recording: Pending[] = [];
  private forgetting: { clientId: string; packetId: number }[] = [];
  private flushing = false;
  /** Receipts this node wrote or used, so only they are forgotten (most messages carry their own time). */
  private readonly held = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** What ingest needs for one QoS 1 message: the stamp of its first delivery, and how to record one. */
  async delivery(
    clientId: string,
    packetId: number,
    topic: string,
    payload: Buffer,
    redelivered: boolean,
  ): Promise<Delivery> {
    let digest: Buffer | null = null;
    const digestOf = () => {
      digest ??= createHash('sha1').update(topic).update('\0').update(payload).digest();
      return digest;
    };
    const earlier = redelivered ? await this.find(clientId, packetId, digestOf()) : undefined;
    if (earlier !== undefined) this.held.add(keyOf(clientId, packetId));
    return {
      ...(earlier === undefined ? {} : { stampMicros: earlier }),
      onStamped: (firstMicros) =>
        firstMicros === earlier
          ? Promise.resolve()
          : this.record(clientId, packetId, digestOf(), firstMicros),
    };
  }

  /** The message is acknowledged: its packet id may now name another message. */
  forget(clientId: string, packetId: number): void {
    if (!this.held.delete(keyOf(clientId, packetId))) return;
    this.forgetting.push({ clientId, packetId });
    this.schedule();
  }

  private async find(clientId: string, packetId: number, digest: Buffer): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('mqtt_receipts')
      .select('first_micros')
      .where('client_id', '=', clientId)
      .where('packet_id', '=', packetId)
      .where('digest', '=', digest)
      .executeTakeFirst();
    return row ? Number(row.first_micros) : undefined;
  }

  private record(clientId: string, packetId: number, digest: Buffer, firstMicros: number): Promise<void> {
    this.held.add(keyOf(clientId, packetId));
    return new Promise<void>((resolve, reject) => {
      this.recording.push({ clientId, packetId, digest, firstMicros, done: { resolve, reject } });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => void this.flush());
  }

  /** Writes what the turn gathered: receipts (awaited by their writes), then forgettings (not awaited). */
  private async flush(): Promise<void> {
    while (this.recording.length > 0 || this.forgetting.length > 0) {
      const recording = this.recording;
      // A packet id acknowledged and reused within one turn: the new receipt replaces the old one.
      const recorded = new Set(recording.map((r) => keyOf(r.clientId, r.packetId)));
      const forgetting = this.forgetting.filter((f) => !recorded.has(keyOf(f.clientId, f.packetId)));
      this.recording = [];
      this.forgetting = [];
      try {
        if (recording.length > 0) {
          // The newest receipt of a (session, packet id) wins within one statement too.
          const latest = new Map(recording.map((r) => [keyOf(r.clientId, r.packetId), r]));
          const rows = [...latest.values()];
          await sql`
            insert into mqtt_receipts (client_id, packet_id, digest, first_micros)
            select * from unnest(${rows.map((r) => r.clientId)}::text[], ${rows.map((r) => r.packetId)}::int[],
              ${rows.map((r) => r.digest)}::bytea[], ${rows.map((r) => r.firstMicros)}::bigint[])
            on conflict (client_id, packet_id) do update
              set digest = excluded.digest, first_micros = excluded.first_micros`.execute(this.db);
        }
        for (const r of recording) r.done.resolve();
      } catch (error) {
        for (const r of recording) r.done.reject(error);
      }
      if (forgetting.length > 0) {
        await sql`
          delete from mqtt_receipts r
          using unnest(${forgetting.map((f) => f.clientId)}::text[], ${forgetting.map((f) => f.packetId)}::int[])
            as f(client_id, packet_id)
          where r.client_id = f.client_id and r.packet_id = f.packet_id`
          .execute(this.db)
          // Left over, a receipt is overwritten by the next message with its packet id.
          .catch((error) => this.log.debug({ err: error }, 'MQTT: could not forget delivery receipts'));
      }
    }
    this.flushing = false;
  }
}

function keyOf(clientId: string, packetId: number): string {
  return `${clientId}\0${packetId}`;
}
