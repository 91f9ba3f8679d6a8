/** One traced pass of a message through a node: when, how long, what came in, what went out, or why it failed. */
import type { ChainMessage, TraceEntry } from '@ferrite/contracts';
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { DateTime } from '../../../ui/time';

/** A message in one line: "temperature = 21.5 · sensor 5d1e…" plus its payload when it has one. */
export function MessageView({ message, label }: { message: ChainMessage; label: string }) {
  const payload =
    message.payload === undefined || message.payload === null
      ? null
      : JSON.stringify(message.payload, null, 1);
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="xs" ff="monospace">
        {message.key} = {message.value ?? 'null'}
        {message.sensor_id && (
          <Text span size="xs" c="dimmed">{` · sensor ${message.sensor_id.slice(0, 8)}`}</Text>
        )}
      </Text>
      {payload && (
        <Code block fz={11} mah={120} style={{ overflow: 'auto' }}>
          {payload}
        </Code>
      )}
    </div>
  );
}

/** The detail of a trace entry. */
export function TraceEntryView({ entry }: { entry: TraceEntry }) {
  return (
    <Stack gap={6}>
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          <DateTime value={entry.at} withTime />
        </Text>
        <Badge size="xs" variant="light" color="gray">
          {entry.duration_ms.toFixed(1)} ms
        </Badge>
      </Group>
      <MessageView message={entry.input} label={`Input (${entry.input_key})`} />
      {entry.outputs.map((out, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: outputs are positional.
        <MessageView key={i} message={out.message} label={`Output → ${out.output}`} />
      ))}
      {!entry.outputs.length && !entry.error && (
        <Text size="xs" c="dimmed">
          No output (the node held or dropped the message).
        </Text>
      )}
      {entry.error && (
        <Text size="xs" c="red" ff="monospace" data-testid="trace-error">
          {entry.error}
        </Text>
      )}
    </Stack>
  );
}
