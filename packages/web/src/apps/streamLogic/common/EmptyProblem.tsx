/** A view that could not load: the server's message and a Retry, centred in the window body. */
import { Button, Center, EmptyState } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ApiProblem } from '../../../app/baseQuery';

/** The server's problem in place of the view. */
export function EmptyProblem({ problem, onRetry }: { problem: ApiProblem; onRetry?: () => void }) {
  return (
    <Center h="100%" p="xl">
      <EmptyState
        color="red"
        variant="light"
        icon={<IconAlertTriangle stroke={1.6} />}
        title={problem.title}
        description={problem.detail || undefined}
        maw={420}
      >
        {onRetry && (
          <EmptyState.Actions>
            <Button variant="default" onClick={onRetry}>
              Try again
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Center>
  );
}
