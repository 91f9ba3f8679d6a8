/**
 * What this process already did in a node's `due` (the last window boundary or tick it claimed), so
 * the calls every DUE_EVERY_MS only reach the database when a boundary has passed. Kept per services
 * object (one per process; tests make their own), per chain revision and node.
 */
import type { NodeContext } from './defineNode';

const memos = new WeakMap<object, Map<string, number>>();
const MAX_NODES = 10_000;

function memoOf(ctx: NodeContext): Map<string, number> {
  let memo = memos.get(ctx.services);
  if (!memo) {
    memo = new Map();
    memos.set(ctx.services, memo);
  }
  return memo;
}

function keyOf(ctx: NodeContext): string {
  return `${ctx.pipelineId}/${ctx.revision}/${ctx.nodeId}`;
}

/** Whether `mark` (a boundary's time) was handled here already. */
export function handledAlready(ctx: NodeContext, mark: number): boolean {
  const done = memoOf(ctx).get(keyOf(ctx));
  return done !== undefined && mark <= done;
}

/** Notes that `mark` was handled (claimed here, or found claimed by another node). */
export function markHandled(ctx: NodeContext, mark: number): void {
  const memo = memoOf(ctx);
  if (memo.size >= MAX_NODES) memo.clear();
  memo.set(keyOf(ctx), mark);
}
