/**
 * The condition builder's moves on a condition tree (contracts Condition), by path: the index of each
 * child from the root group down. Pure functions, so the builder and its tests share them.
 */
import type { Condition, GroupCondition, LeafCondition } from '@ferrite/contracts';
import { isGroup } from '@ferrite/contracts';

/** The kinds of leaf the builder offers, with how each starts. */
export const LEAF_KINDS = [
  { value: 'comparison', label: 'Comparison' },
  { value: 'range', label: 'Between / outside' },
  { value: 'rate', label: 'Rate of change' },
  { value: 'no_data', label: 'No data' },
  { value: 'state', label: 'On / off' },
  { value: 'expression', label: 'Expression (CEL)' },
] as const;
export type LeafKind = (typeof LEAF_KINDS)[number]['value'];

/** Which kind a leaf is. */
export function kindOf(leaf: LeafCondition): LeafKind {
  switch (leaf.op) {
    case 'between':
    case 'outside':
      return 'range';
    case 'rate':
      return 'rate';
    case 'no_data':
      return 'no_data';
    case 'is_true':
    case 'is_false':
      return 'state';
    case 'expression':
      return 'expression';
    default:
      return 'comparison';
  }
}

/** A fresh leaf of a kind, keeping the parameter of the one it replaces. */
export function newLeaf(kind: LeafKind, param = ''): LeafCondition {
  switch (kind) {
    case 'range':
      return { op: 'outside', param, min: 0, max: 100 };
    case 'rate':
      return { op: 'rate', param, direction: 'rise', amount: 1, window_s: 300 };
    case 'no_data':
      return { op: 'no_data', param, for_s: 600 };
    case 'state':
      return { op: 'is_true', param };
    case 'expression':
      return { op: 'expression', expression: '' };
    default:
      return { op: 'gt', param, value: 0 };
  }
}

/** The node at a path. */
export function nodeAt(root: Condition, path: number[]): Condition | undefined {
  let node: Condition | undefined = root;
  for (const index of path) node = node && isGroup(node) ? node.conditions[index] : undefined;
  return node;
}

/** The tree with the node at `path` replaced (null removes it from its group). */
export function replaceAt(root: Condition, path: number[], next: Condition | null): Condition {
  if (path.length === 0) return next ?? root;
  if (!isGroup(root)) return root;
  const [head, ...rest] = path as [number, ...number[]];
  const children = [...root.conditions];
  const child = children[head];
  if (child === undefined) return root;
  if (rest.length === 0) {
    if (next === null) children.splice(head, 1);
    else children[head] = next;
  } else {
    children[head] = replaceAt(child, rest, next);
  }
  return { ...root, conditions: children };
}

/** The tree with a child appended to the group at `path`. */
export function appendAt(root: Condition, path: number[], child: Condition): Condition {
  const group = nodeAt(root, path);
  if (!group || !isGroup(group)) return root;
  return replaceAt(root, path, { ...group, conditions: [...group.conditions, child] });
}

/** Any condition as a root group (a saved rule may hold a single leaf). */
export function asRootGroup(condition: Condition): GroupCondition {
  return isGroup(condition) ? condition : { op: 'all', conditions: [condition] };
}

/** Whether every leaf names its parameter (or expression), so a preview can run. */
export function isComplete(condition: Condition): boolean {
  if (isGroup(condition)) return condition.conditions.length > 0 && condition.conditions.every(isComplete);
  if (condition.op === 'expression') return condition.expression.trim().length > 0;
  return condition.param.trim().length > 0;
}
