/**
 * The selected node's settings: its name, header colour and logo side (spec §3 node_color,
 * logo_position), its debug switch, its connections, and its config form generated from the kind's schema.
 */
import type { ChainConnection, ChainGraph, ChainNode, NodeKind } from '@ferrite/contracts';
import {
  Button,
  ColorInput,
  Divider,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ConfigForm } from '../form/ConfigForm';
import { NodeConnections } from './NodeConnections';

interface NodeSettingsProps {
  node: ChainNode;
  kind: NodeKind | undefined;
  projectId: string;
  readOnly: boolean;
  debug: boolean;
  canDebug: boolean;
  onDebug: (on: boolean) => void;
  /** `burst` groups typing in one field into one undo step. */
  onChange: (update: (node: ChainNode) => ChainNode, burst?: string) => void;
  onDelete: () => void;
  /** The chain around the node, for its connections block. */
  graph: ChainGraph;
  kinds: Map<string, NodeKind>;
  onConnect: (connection: Omit<ChainConnection, 'id'>) => void;
  onDisconnect: (connectionId: string) => void;
}

/** The settings tab of the side panel. */
export function NodeSettings({
  node,
  kind,
  projectId,
  readOnly,
  debug,
  canDebug,
  onDebug,
  onChange,
  onDelete,
  graph,
  kinds,
  onConnect,
  onDisconnect,
}: NodeSettingsProps) {
  const burst = (field: string) => `${node.id}:${field}`;
  return (
    <Stack gap="sm">
      {kind && (
        <Text size="xs" c="dimmed">
          {kind.description}
        </Text>
      )}
      <TextInput
        label="Name"
        size="xs"
        value={node.name}
        disabled={readOnly}
        onChange={(e) => {
          const name = e.currentTarget.value;
          onChange((n) => ({ ...n, name }), burst('name'));
        }}
        error={node.name.trim() ? undefined : 'Node name is required'}
      />
      <Group grow align="flex-start">
        <ColorInput
          label="Header colour"
          size="xs"
          format="hex"
          disabled={readOnly}
          value={node.node_color ?? kind?.node_color ?? ''}
          swatches={['#2b8a3e', '#1864ab', '#6741d9', '#d9480f', '#c2255c', '#087f5b', '#495057']}
          onChange={(value) => {
            if (/^#[0-9a-fA-F]{6}$/.test(value))
              onChange((n) => ({ ...n, node_color: value }), burst('color'));
          }}
        />
        <div>
          <Text size="xs" fw={500} mb={4}>
            Logo
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            disabled={readOnly}
            data={[
              { value: 'left', label: 'Left' },
              { value: 'right', label: 'Right' },
            ]}
            value={node.logo_position ?? kind?.logo_position ?? 'left'}
            onChange={(value) => onChange((n) => ({ ...n, logo_position: value as 'left' | 'right' }))}
            aria-label="Logo position"
          />
        </div>
      </Group>
      <Switch
        label="Debug this node"
        description="Trace every message it sees, without a redeploy"
        size="sm"
        checked={debug}
        disabled={!canDebug}
        onChange={(e) => onDebug(e.currentTarget.checked)}
      />
      <Divider label="Connections" labelPosition="left" />
      <NodeConnections
        node={node}
        graph={graph}
        kinds={kinds}
        readOnly={readOnly}
        onConnect={onConnect}
        onDisconnect={onDisconnect}
      />
      <Divider label="Configuration" labelPosition="left" />
      {kind ? (
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <ConfigForm
            kind={kind}
            projectId={projectId}
            config={node.config}
            onChange={(config) => onChange((n) => ({ ...n, config }), burst('config'))}
          />
        </fieldset>
      ) : (
        <Text size="sm" c="red">
          This server has no node kind “{node.type}”. Delete the node or replace it.
        </Text>
      )}
      {!readOnly && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
          mt="xs"
        >
          Delete node
        </Button>
      )}
    </Stack>
  );
}
