/**
 * The mapping screen's project tree over the server's depth-first nodes: which rows a search shows
 * (matching sensors, and their parameters, with the assets above them) and how many parameters are mapped.
 */
import type { MappingTreeResponse } from '@ferrite/contracts';

export type TreeNode = MappingTreeResponse['nodes'][number];
export type TreeParameter = TreeNode['parameters'][number];

/** Shown rows are capped so a project of thousands of sensors stays quick; a search narrows it. */
export const MAX_SHOWN_SENSORS = 150;

export interface VisibleTree {
  nodes: TreeNode[];
  /** Sensors that matched, before the cap. */
  matched: number;
  /** True when the cap cut the list. */
  capped: boolean;
}

const matches = (node: TreeNode, needle: string) =>
  node.name.toLowerCase().includes(needle) ||
  node.parameters.some((p) => p.key.toLowerCase().includes(needle));

/**
 * The rows to draw: sensors with parameters matching the search (name or parameter key), up to the
 * cap, each after the assets it hangs under. Nodes arrive depth-first, so ancestors come before children.
 */
export function visibleTree(nodes: readonly TreeNode[], search: string): VisibleTree {
  const needle = search.trim().toLowerCase();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const keep = new Set<string>();
  let matched = 0;
  for (const node of nodes) {
    if (node.kind !== 'sensor' || node.parameters.length === 0) continue;
    if (needle && !matches(node, needle)) continue;
    matched += 1;
    if (matched > MAX_SHOWN_SENSORS) continue;
    keep.add(node.id);
    let parent = node.parent_id ? byId.get(node.parent_id) : undefined;
    while (parent && !keep.has(parent.id)) {
      keep.add(parent.id);
      parent = parent.parent_id ? byId.get(parent.parent_id) : undefined;
    }
  }
  return {
    nodes: nodes.filter((node) => keep.has(node.id)),
    matched,
    capped: matched > MAX_SHOWN_SENSORS,
  };
}

/** How many sensor parameters the tree holds, and how many of them any gateway feeds. */
export function mappedCounts(nodes: readonly TreeNode[]): { total: number; mapped: number } {
  let total = 0;
  let mapped = 0;
  for (const node of nodes) {
    for (const parameter of node.parameters) {
      total += 1;
      if (parameter.mapped) mapped += 1;
    }
  }
  return { total, mapped };
}
