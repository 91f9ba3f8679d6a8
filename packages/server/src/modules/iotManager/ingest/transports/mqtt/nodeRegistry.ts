/**
 * SQL of the cluster's node registry (cluster_nodes): nodes reading devices through an external broker
 * heartbeat here; a node silent too long is claimed by one survivor (a lease, so a survivor that dies
 * while adopting is replaced), which empties and ends its broker sessions. Every time is the database's
 * `now()`, so the nodes' clocks need not agree.
 */
import { sql } from 'kysely';
import { Repository } from '../../../../../platform/db/repository';

/** A node whose broker sessions a survivor is to empty. */
export interface SilentNode {
  nodeId: string;
  shareGroup: string;
  sessions: number;
}

export class NodeRegistry extends Repository {
  /**
   * Records the node as alive and what it holds (not yet subscribed); a node that comes back is alive
   * again. Nodes gone for a
   * day are forgotten (a node named after a container's host name is new at every recreation).
   */
  async announce(nodeId: string, shareGroup: string, sessions: number): Promise<void> {
    await sql`delete from cluster_nodes where gone_at < now() - interval '1 day'`.execute(this.db);
    await sql`
      insert into cluster_nodes (node_id, share_group, mqtt_sessions, stopping_at)
      values (${nodeId}, ${shareGroup}, ${sessions}, now())
      on conflict (node_id) do update set
        share_group = excluded.share_group, mqtt_sessions = excluded.mqtt_sessions,
        started_at = now(), heartbeat_at = now(), stopping_at = now(), gone_at = null`.execute(this.db);
  }

  /** The node's sessions are subscribed: it may be handed a share (until then it counts as stopping). */
  async subscribed(nodeId: string): Promise<void> {
    await sql`update cluster_nodes set stopping_at = null where node_id = ${nodeId}`.execute(this.db);
  }

  /** The node is alive (and not gone: an adopter that finished just before it came back is overruled). */
  async beat(nodeId: string): Promise<void> {
    await sql`
      update cluster_nodes set heartbeat_at = now(), gone_at = null
      where node_id = ${nodeId}`.execute(this.db);
  }

  /** Whether another node of the group heartbeats (so a stopping node has someone to hand over to). */
  async othersAlive(nodeId: string, shareGroup: string, silentMs: number): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from cluster_nodes
      where node_id <> ${nodeId} and share_group = ${shareGroup} and gone_at is null and stopping_at is null
        and heartbeat_at >= now() - make_interval(secs => ${silentMs / 1000})`.execute(this.db);
    return (rows[0]?.n ?? 0) > 0;
  }

  /**
   * Claims, for `leaseMs`, one node of the group silent for more than `silentMs` whose sessions nobody is
   * emptying.
   */
  async claimSilent(
    self: string,
    shareGroup: string,
    silentMs: number,
    leaseMs: number,
  ): Promise<SilentNode | undefined> {
    const { rows } = await sql<{ node_id: string; share_group: string; mqtt_sessions: number }>`
      update cluster_nodes set adopted_by = ${self},
        adoption_until = now() + make_interval(secs => ${leaseMs / 1000})
      where node_id = (
          select node_id from cluster_nodes
          where node_id <> ${self} and share_group = ${shareGroup} and gone_at is null
            and heartbeat_at < now() - make_interval(secs => ${silentMs / 1000})
            and (adoption_until is null or adoption_until < now())
          order by heartbeat_at
          limit 1
          for update skip locked)
        and heartbeat_at < now() - make_interval(secs => ${silentMs / 1000})
      returning node_id, share_group, mqtt_sessions`.execute(this.db);
    const row = rows[0];
    return row && { nodeId: row.node_id, shareGroup: row.share_group, sessions: row.mqtt_sessions };
  }

  /** Whether a survivor is taking the node's sessions over now (its claim not yet given back or run out). */
  async beingAdopted(nodeId: string): Promise<boolean> {
    const { rows } = await sql<{ adopted: boolean }>`
      select adopted_by is not null and adoption_until > now() as adopted
      from cluster_nodes where node_id = ${nodeId}`.execute(this.db);
    return rows[0]?.adopted === true;
  }

  /** Whether the node is still silent: checked before each of its sessions is taken. */
  async stillSilent(nodeId: string, silentMs: number): Promise<boolean> {
    const { rows } = await sql<{ silent: boolean }>`
      select heartbeat_at < now() - make_interval(secs => ${silentMs / 1000}) as silent
      from cluster_nodes where node_id = ${nodeId}`.execute(this.db);
    return rows[0]?.silent === true;
  }

  /**
   * Ends a claim: with `gone`, the node's sessions are handed over (unless it came back meanwhile);
   * without, the claim is given up so another survivor may try at once.
   */
  async release(nodeId: string, adopter: string, gone: boolean, silentMs: number): Promise<void> {
    await sql`
      update cluster_nodes set adopted_by = null, adoption_until = null,
        gone_at = case when ${gone} and heartbeat_at < now() - make_interval(secs => ${silentMs / 1000})
          then now() else gone_at end
      where node_id = ${nodeId} and adopted_by = ${adopter}`.execute(this.db);
  }

  /** The node is stopping: it keeps its heartbeat while it hands over, but takes no one's share. */
  async stopping(nodeId: string): Promise<void> {
    await sql`update cluster_nodes set stopping_at = now() where node_id = ${nodeId}`.execute(this.db);
  }

  /** A stopping node: its sessions are handed over (`gone`), or left for a survivor to adopt at once. */
  async leave(nodeId: string, gone: boolean): Promise<void> {
    await sql`
      update cluster_nodes set
        gone_at = case when ${gone} then now() else null end,
        heartbeat_at = case when ${gone} then heartbeat_at else now() - interval '1 hour' end
      where node_id = ${nodeId}`.execute(this.db);
  }
}
