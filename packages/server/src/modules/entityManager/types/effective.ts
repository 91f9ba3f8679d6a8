/** Type inheritance: a type's chain of ancestors and the fields its entities see. */
import type { MetadataField, ParameterField, TypeProperty } from '@ferrite/contracts';

/** The inheritable part of a stored type. */
export interface TypeNode {
  id: string;
  name: string;
  parent_type_id: string | null;
  metadata_fields: MetadataField[];
  properties: TypeProperty[];
  parameters: ParameterField[];
}

export interface EffectiveFields {
  metadata_fields: MetadataField[];
  properties: TypeProperty[];
  parameters: ParameterField[];
}

/** The type itself, then its parent, grandparent… up to the root (stops at a missing link or a loop). */
export function ancestry<T extends Pick<TypeNode, 'parent_type_id'>>(
  typeId: string,
  byId: ReadonlyMap<string, T>,
): T[] {
  const chain: T[] = [];
  const seen = new Set<string>();
  let next: string | null = typeId;
  while (next && !seen.has(next)) {
    const node = byId.get(next);
    if (!node) break;
    seen.add(next);
    chain.push(node);
    next = node.parent_type_id;
  }
  return chain;
}

/** True when making `parentId` the parent of `typeId` would close a loop in the type chain. */
export function wouldCycle(typeId: string, parentId: string, byId: ReadonlyMap<string, TypeNode>): boolean {
  return ancestry(parentId, byId).some((node) => node.id === typeId);
}

function merge<T extends { key: string }>(lists: T[][]): T[] {
  // A Map keeps a key where it first appeared and takes the value set last: the root's order,
  // the nearest definition's content.
  const byKey = new Map<string, T>();
  for (const list of lists) for (const item of list) byKey.set(item.key, item);
  return [...byKey.values()];
}

/** Own fields merged over every ancestor's: the nearest definition of a key wins. */
export function effectiveFields(chain: readonly TypeNode[]): EffectiveFields {
  const rootFirst = [...chain].reverse();
  return {
    metadata_fields: merge(rootFirst.map((node) => node.metadata_fields)),
    properties: merge(rootFirst.map((node) => node.properties)),
    parameters: merge(rootFirst.map((node) => node.parameters)),
  };
}

/** The effective fields of a type, given every type its chain needs. */
export function effectiveOf(typeId: string, byId: ReadonlyMap<string, TypeNode>): EffectiveFields {
  return effectiveFields(ancestry(typeId, byId));
}

/** The effective parameters of a type: all a sensor's label needs (its units), without the other fields. */
export function effectiveParameters(
  typeId: string,
  byId: ReadonlyMap<string, Pick<TypeNode, 'parent_type_id' | 'parameters'>>,
): ParameterField[] {
  return merge([...ancestry(typeId, byId)].reverse().map((node) => node.parameters));
}
