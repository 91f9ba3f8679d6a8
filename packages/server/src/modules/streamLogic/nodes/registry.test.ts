import { nodeKindSchema } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { describeNodeKind, NODE_KINDS, nodeKind } from './registry';

describe('the node kinds list_nodes serves', () => {
  it('has unique types, a valid description each, and is found by type', () => {
    const types = NODE_KINDS.map((kind) => kind.type);
    expect(new Set(types).size).toBe(types.length);
    for (const kind of NODE_KINDS) {
      expect(nodeKindSchema.parse(describeNodeKind(kind))).toBeTruthy();
      expect(nodeKind(kind.type)).toBe(kind);
    }
  });

  it.each(NODE_KINDS.map((kind) => [kind.type, kind] as const))(
    '%s: its default config passes its schema and its JSON schema titles every field',
    (_type, kind) => {
      expect(kind.configSchema.safeParse(kind.defaultConfig).error).toBeUndefined();
      const schema = describeNodeKind(kind).config_schema;
      const untitled: string[] = [];
      const visit = (node: unknown, path: string) => {
        if (!node || typeof node !== 'object') return;
        const record = node as Record<string, unknown>;
        const properties = record.properties as Record<string, Record<string, unknown>> | undefined;
        for (const [name, property] of Object.entries(properties ?? {})) {
          const isTag = (Array.isArray(property.enum) && property.enum.length === 1) || 'const' in property;
          if (!isTag && typeof property.title !== 'string') untitled.push(`${path}${name}`);
          visit(property, `${path}${name}.`);
        }
        for (const branch of [...((record.oneOf as unknown[]) ?? []), ...((record.anyOf as unknown[]) ?? [])])
          visit(branch, path);
        if (record.items) visit(record.items, `${path}[].`);
      };
      visit(schema, '');
      expect(untitled).toEqual([]);
    },
  );

  it('colours each category alike and sinks show their logo on the right', () => {
    for (const kind of NODE_KINDS) {
      const sameCategory = NODE_KINDS.filter((other) => other.category === kind.category);
      expect(new Set(sameCategory.map((other) => other.node_color)).size).toBe(1);
      expect(kind.logo_position).toBe(kind.category === 'sink' ? 'right' : 'left');
      if (kind.category === 'source') expect(kind.inputs).toEqual([]);
    }
  });
});
