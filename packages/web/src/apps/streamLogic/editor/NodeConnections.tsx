/**
 * The selected node's connections, listed and editable without a mouse: what feeds each input and
 * where each output goes, each removable, and a picker of every socket that fits. Dragging between
 * sockets on the canvas does the same; this is the way for keyboards and screen readers.
 */
import type { ChainConnection, ChainGraph, ChainNode, NodeKind } from '@ferrite/contracts';
import { ActionIcon, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { canConnect, outputsOf } from './graph';

type NewConnection = Omit<ChainConnection, 'id'>;

interface NodeConnectionsProps {
  node: ChainNode;
  graph: ChainGraph;
  kinds: Map<string, NodeKind>;
  readOnly: boolean;
  onConnect: (connection: NewConnection) => void;
  onDisconnect: (connectionId: string) => void;
}

const nodeOf = (graph: ChainGraph, id: string) => graph.actions.find((n) => n.id === id);

/** How a connection reads from one of its ends: sockets by their labels, the other node by its name. */
function describe(graph: ChainGraph, kinds: Map<string, NodeKind>, c: ChainConnection, from: string): string {
  const source = nodeOf(graph, c.source);
  const target = nodeOf(graph, c.target);
  const output =
    (source && outputsOf(kinds.get(source.type), source).find((o) => o.key === c.source_output)?.label) ??
    c.source_output;
  const input =
    (target && kinds.get(target.type)?.inputs.find((i) => i.key === c.target_input)?.label) ?? c.target_input;
  return c.source === from
    ? `${output} → ${target?.name ?? c.target} (${input})`
    : `${source?.name ?? c.source} (${output}) → ${input}`;
}

/** Every free connection from `source`'s outputs to `target`'s inputs whose sockets fit. */
function fitting(graph: ChainGraph, kinds: Map<string, NodeKind>, source: ChainNode, target: ChainNode) {
  const inputs = kinds.get(target.type)?.inputs ?? [];
  return outputsOf(kinds.get(source.type), source)
    .flatMap((output) =>
      inputs.map((input) => ({
        source: source.id,
        source_output: output.key,
        target: target.id,
        target_input: input.key,
      })),
    )
    .filter((c) => canConnect(graph, kinds, c));
}

/** Every connection that fits between this node and the others, as picker options worded like the list. */
function candidates(graph: ChainGraph, kinds: Map<string, NodeKind>, node: ChainNode) {
  const others = graph.actions.filter((other) => other.id !== node.id);
  const option = (c: NewConnection) => ({
    value: JSON.stringify(c),
    label: describe(graph, kinds, { id: '', ...c }, node.id),
  });
  return [
    { group: 'Send to', items: others.flatMap((other) => fitting(graph, kinds, node, other)).map(option) },
    {
      group: 'Receive from',
      items: others.flatMap((other) => fitting(graph, kinds, other, node)).map(option),
    },
  ].filter((g) => g.items.length > 0);
}

/** The connections block of the node's settings. */
export function NodeConnections({
  node,
  graph,
  kinds,
  readOnly,
  onConnect,
  onDisconnect,
}: NodeConnectionsProps) {
  const touching = graph.connections.filter((c) => c.source === node.id || c.target === node.id);
  const options = useMemo(() => candidates(graph, kinds, node), [graph, kinds, node]);
  return (
    <Stack gap={6} data-testid="node-connections">
      {touching.length === 0 && (
        <Text size="xs" c="dimmed">
          Not connected yet.
        </Text>
      )}
      {touching.map((c) => {
        const outgoing = c.source === node.id;
        const text = describe(graph, kinds, c, node.id);
        const Arrow = outgoing ? IconArrowRight : IconArrowLeft;
        return (
          <Group key={c.id} gap={6} wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Arrow size={14} style={{ flex: 'none' }} aria-hidden />
              <Text size="xs" truncate>
                {text}
              </Text>
            </Group>
            {!readOnly && (
              <Tooltip label="Remove this connection">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove connection ${text}`}
                  onClick={() => onDisconnect(c.id)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      })}
      {!readOnly && (
        <Select
          size="xs"
          aria-label="Add a connection"
          placeholder={options.length ? 'Add a connection…' : 'No other node fits these sockets'}
          disabled={options.length === 0}
          data={options}
          value={null}
          searchable
          onChange={(value) => value && onConnect(JSON.parse(value) as NewConnection)}
        />
      )}
    </Stack>
  );
}
