/** The side panel: the selected node's Settings and Trace, or, with none selected, how to build a chain. */
import type { ChainConnection, ChainGraph, ChainNode, NodeKind, TraceEntry } from '@ferrite/contracts';
import { Badge, Group, Kbd, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconActivity, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import type { ChainArg } from '../api/apiBase';
import { TracePanel } from '../trace/TracePanel';
import { NodeSettings } from './NodeSettings';

interface SidePanelProps {
  arg: ChainArg;
  node: ChainNode | undefined;
  kind: NodeKind | undefined;
  entries: TraceEntry[];
  readOnly: boolean;
  debug: boolean;
  canDebug: boolean;
  onDebug: (on: boolean) => void;
  onChange: (update: (node: ChainNode) => ChainNode, burst?: string) => void;
  onDelete: () => void;
  graph: ChainGraph;
  kinds: Map<string, NodeKind>;
  onConnect: (connection: Omit<ChainConnection, 'id'>) => void;
  onDisconnect: (connectionId: string) => void;
}

function Hints() {
  return (
    <Stack gap="sm" p="md">
      <Title order={5}>Build a chain</Title>
      <List size="sm" spacing={4}>
        <List.Item>Drag a node from the palette, or click it to add it.</List.Item>
        <List.Item>
          Connect an output (right) to an input (left); colours show what fits. From the keyboard, select a
          node and use its Connections.
        </List.Item>
        <List.Item>Select a node to edit its settings and see its messages.</List.Item>
        <List.Item>Validate, then Deploy: the chain runs on live readings.</List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        <Kbd>Ctrl</Kbd>+<Kbd>Z</Kbd> undo · <Kbd>Ctrl</Kbd>+<Kbd>Shift</Kbd>+<Kbd>Z</Kbd> redo ·{' '}
        <Kbd>Ctrl</Kbd>+<Kbd>C</Kbd>/<Kbd>V</Kbd> copy, paste · <Kbd>Delete</Kbd> remove
      </Text>
    </Stack>
  );
}

/** The right-hand panel. */
export function SidePanel(props: SidePanelProps) {
  const { node, kind, entries } = props;
  const [tab, setTab] = useState<string | null>('settings');
  if (!node) return <Hints />;
  const traced = entries.filter((e) => e.node_id === node.id);
  const failures = traced.filter((e) => e.error).length;
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Group px="md" pt="sm" pb={4} gap={6} wrap="nowrap">
        <Text fw={700} truncate>
          {node.name}
        </Text>
        <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
          {kind?.name ?? node.type}
        </Badge>
      </Group>
      <Tabs.List px="sm">
        <Tabs.Tab value="settings" leftSection={<IconSettings size={14} />}>
          Settings
        </Tabs.Tab>
        <Tabs.Tab
          value="trace"
          leftSection={<IconActivity size={14} />}
          rightSection={
            traced.length ? (
              <Badge size="xs" color={failures ? 'red' : 'gray'} variant="light">
                {traced.length}
              </Badge>
            ) : undefined
          }
        >
          Trace
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="settings" p="md">
        <NodeSettings
          key={node.id}
          node={node}
          kind={kind}
          projectId={props.arg.projectId}
          readOnly={props.readOnly}
          debug={props.debug}
          canDebug={props.canDebug}
          onDebug={props.onDebug}
          onChange={props.onChange}
          onDelete={props.onDelete}
          graph={props.graph}
          kinds={props.kinds}
          onConnect={props.onConnect}
          onDisconnect={props.onDisconnect}
        />
      </Tabs.Panel>
      <Tabs.Panel value="trace" p="md">
        <TracePanel key={node.id} arg={props.arg} node={node} entries={entries} debug={props.debug} />
      </Tabs.Panel>
    </Tabs>
  );
}
