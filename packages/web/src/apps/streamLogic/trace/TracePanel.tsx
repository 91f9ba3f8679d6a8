/**
 * The selected node's last messages (input, outputs, time, duration, error), newest first; picking one
 * shows it in full with "Replay", which runs that message through the node AS CURRENTLY EDITED (its
 * unsaved config included) without deploying, and shows the outputs, the effects a sink would have had,
 * or the error.
 */
import type { ChainNode, ReplayResponse, TraceEntry } from '@ferrite/contracts';
import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTimes } from '../../../ui/time';
import type { ChainArg } from '../api/apiBase';
import { useReplayMutation } from '../api/traceApi';
import { notifyProblem } from '../hooks';
import classes from './Trace.module.css';
import { MessageView, TraceEntryView } from './TraceEntryView';

interface TracePanelProps {
  arg: ChainArg;
  node: ChainNode;
  entries: TraceEntry[];
  debug: boolean;
}

function ReplayResult({ result }: { result: ReplayResponse }) {
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="replay-result">
      <Group gap={6} mb={4}>
        <Text size="xs" fw={700}>
          Replay
        </Text>
        <Badge size="xs" variant="light" color={result.error ? 'red' : 'teal'}>
          {result.error ? 'failed' : 'ok'}
        </Badge>
        <Badge size="xs" variant="light" color="gray">
          {result.duration_ms.toFixed(1)} ms
        </Badge>
      </Group>
      <Stack gap={6}>
        {result.outputs.map((out, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: outputs are positional.
          <MessageView key={i} message={out.message} label={`Output → ${out.output}`} />
        ))}
        {!result.outputs.length && !result.error && (
          <Text size="xs" c="dimmed">
            No output.
          </Text>
        )}
        {result.effects.map((effect) => (
          <Text key={effect} size="xs" c="grape">
            Effect (not done on a replay): {effect}
          </Text>
        ))}
        {result.error && (
          <Text size="xs" c="red" ff="monospace">
            {result.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The trace tab of the side panel. */
export function TracePanel({ arg, node, entries, debug }: TracePanelProps) {
  const mine = entries.filter((e) => e.node_id === node.id);
  const times = useTimes();
  const [picked, setPicked] = useState<TraceEntry | null>(null);
  const [result, setResult] = useState<ReplayResponse | null>(null);
  const [replay, replaying] = useReplayMutation();
  const shown = picked && mine.includes(picked) ? picked : (mine[0] ?? null);
  const run = async () => {
    if (!shown) return;
    try {
      setResult(
        await replay({ ...arg, body: { node, input_key: shown.input_key, message: shown.input } }).unwrap(),
      );
    } catch (error) {
      notifyProblem(error);
    }
  };
  if (!mine.length)
    return (
      <Alert variant="light" color="gray" title="No messages traced yet">
        {debug
          ? 'Debug is on: the next message this node sees shows here.'
          : 'Failures always show here. Turn on debug to trace every message, no redeploy needed.'}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={2} role="listbox" aria-label="Traced messages">
          {mine.map((entry, i) => (
            <UnstyledButton
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id.
              key={`${entry.at}-${i}`}
              className={classes.row}
              data-active={entry === shown || undefined}
              data-error={entry.error ? true : undefined}
              role="option"
              aria-selected={entry === shown}
              onClick={() => {
                setPicked(entry);
                setResult(null);
              }}
            >
              <Text span size="xs" ff="monospace" className={classes.time}>
                {times.eventTime(entry.at)}
              </Text>
              <Text span size="xs" truncate className={classes.value}>
                {entry.input.key} = {entry.input.value ?? '—'}
              </Text>
              <Text span size="xs" c={entry.error ? 'red' : 'dimmed'}>
                {entry.error ? 'error' : `${entry.outputs.length} out`}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {shown && (
        <Paper withBorder p="xs" radius="sm">
          <TraceEntryView entry={shown} />
          <Button
            mt="sm"
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={run}
            loading={replaying.isLoading}
          >
            Replay through this node as edited
          </Button>
        </Paper>
      )}
      {result && <ReplayResult result={result} />}
    </Stack>
  );
}
