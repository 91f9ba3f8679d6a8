/** The alert's comments (its `comment` events, oldest first) and a box to add one. */
import type { AlertEvent } from '@ferrite/contracts';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { DateTime } from '../../../ui/time';
import { useAddAlertCommentMutation } from '../api/alertsApi';
import { problemOf, useOrgId } from '../hooks';

/** The panel. */
export function Comments({ alertId, events }: { alertId: string; events: AlertEvent[] | undefined }) {
  const orgId = useOrgId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [add, { isLoading }] = useAddAlertCommentMutation();
  const comments = (events ?? [])
    .filter((e) => e.kind === 'comment')
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const submit = async () => {
    setError(null);
    try {
      await add({ orgId, alertId, text }).unwrap();
      setText('');
    } catch (failure) {
      const problem = problemOf(failure);
      setError(problem.errors?.[0]?.message ?? problem.title);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={3} size="h5" mb="xs">
        Comments
      </Title>
      <Stack gap="xs">
        {comments.length === 0 && (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        )}
        {comments.map((comment) => (
          <div key={comment.id} data-comment>
            <Text size="xs" c="dimmed">
              {comment.actor?.name ?? 'Someone'} · <DateTime value={comment.at} relative />
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {comment.text}
            </Text>
          </div>
        ))}
        <Textarea
          aria-label="New comment"
          placeholder="What did you find? What did you do?"
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && text.trim()) void submit();
          }}
        />
        <Group justify="flex-end">
          <Button size="xs" onClick={() => void submit()} loading={isLoading} disabled={!text.trim()}>
            Add comment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
