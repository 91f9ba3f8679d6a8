/** A node's config form, generated from its kind's config_schema (JSON Schema), for any kind. */
import type { NodeKind } from '@ferrite/contracts';
import { Text } from '@mantine/core';
import { ObjectFields, SchemaField } from './SchemaField';
import type { JsonSchema } from './schema';

interface ConfigFormProps {
  kind: NodeKind;
  config: Record<string, unknown>;
  onChange: (config: Record<string, unknown>) => void;
  projectId: string;
}

/** The generated form; a kind without settings says so. */
export function ConfigForm({ kind, config, onChange, projectId }: ConfigFormProps) {
  const root = kind.config_schema as JsonSchema;
  if (root.properties && Object.keys(root.properties).length === 0)
    return (
      <Text size="sm" c="dimmed">
        This node has no settings.
      </Text>
    );
  const change = (next: unknown) => onChange((next ?? {}) as Record<string, unknown>);
  return root.properties ? (
    <ObjectFields schema={root} root={root} value={config} onChange={change} projectId={projectId} path="" />
  ) : (
    <SchemaField
      name="mode"
      schema={root}
      root={root}
      value={config}
      onChange={change}
      projectId={projectId}
      path=""
    />
  );
}
