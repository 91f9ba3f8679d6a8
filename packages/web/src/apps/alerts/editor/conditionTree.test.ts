import type { Condition } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { appendAt, asRootGroup, isComplete, kindOf, newLeaf, nodeAt, replaceAt } from './conditionTree';

const tree: Condition = {
  op: 'all',
  conditions: [
    { op: 'gt', param: 'temperature', value: 80 },
    { op: 'any', conditions: [{ op: 'is_true', param: 'alarm' }] },
  ],
};

describe('the condition builder on a tree', () => {
  it('finds, replaces and removes a leaf by its path without touching the original', () => {
    expect(nodeAt(tree, [1, 0])).toEqual({ op: 'is_true', param: 'alarm' });
    const changed = replaceAt(tree, [0], { op: 'lt', param: 'temperature', value: 5 });
    expect(nodeAt(changed, [0])).toEqual({ op: 'lt', param: 'temperature', value: 5 });
    expect(nodeAt(tree, [0])).toEqual({ op: 'gt', param: 'temperature', value: 80 });
    const removed = replaceAt(tree, [1, 0], null);
    expect(nodeAt(removed, [1])).toEqual({ op: 'any', conditions: [] });
  });

  it('adds a leaf or a nested group to a group', () => {
    const added = appendAt(tree, [1], newLeaf('rate', 'vibration'));
    expect(nodeAt(added, [1, 1])).toEqual({
      op: 'rate',
      param: 'vibration',
      direction: 'rise',
      amount: 1,
      window_s: 300,
    });
    expect(appendAt(tree, [0], newLeaf('state'))).toBe(tree);
  });

  it('names each leaf kind and wraps a single leaf into a group', () => {
    expect(kindOf({ op: 'outside', param: 'p', min: 1, max: 2 })).toBe('range');
    expect(kindOf({ op: 'neq', param: 'p', value: 1 })).toBe('comparison');
    expect(asRootGroup({ op: 'no_data', param: 'p', for_s: 60 })).toEqual({
      op: 'all',
      conditions: [{ op: 'no_data', param: 'p', for_s: 60 }],
    });
  });

  it('is complete only when every leaf names a parameter or an expression', () => {
    expect(isComplete(tree)).toBe(true);
    expect(isComplete(appendAt(tree, [], newLeaf('comparison')))).toBe(false);
    expect(isComplete(appendAt(tree, [], newLeaf('expression')))).toBe(false);
    expect(isComplete({ op: 'all', conditions: [] })).toBe(false);
  });
});
