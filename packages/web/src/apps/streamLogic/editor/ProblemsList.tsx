/**
 * What validation found: one line per problem with the node it points at; clicking a line selects and
 * centres that node (its outline is red on the canvas).
 */
import type { ChainGraph, ChainProblem } from '@ferrite/contracts';
import { ActionIcon, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconX } from '@tabler/icons-react';
import classes from './ProblemsList.module.css';

interface ProblemsListProps {
  problems: ChainProblem[];
  graph: ChainGraph;
  onPick: (problem: ChainProblem) => void;
  onClose: () => void;
}

/** The problems strip above the canvas. */
export function ProblemsList({ problems, graph, onPick, onClose }: ProblemsListProps) {
  if (!problems.length) return null;
  const nameOf = (p: ChainProblem) => {
    if (p.node_id) return graph.actions.find((n) => n.id === p.node_id)?.name ?? p.node_id;
    if (p.connection_id) return 'Connection';
    return 'Chain';
  };
  return (
    <Paper className={classes.strip} role="region" aria-label="Problems" radius={0}>
      <Group justify="space-between" mb={4}>
        <Group gap={6}>
          <IconAlertCircle size={16} color="var(--mantine-color-red-6)" />
          <Text size="sm" fw={600}>
            {problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix before deploying
          </Text>
        </Group>
        <ActionIcon variant="subtle" size="sm" onClick={onClose} aria-label="Close problems">
          <IconX size={14} />
        </ActionIcon>
      </Group>
      <Stack gap={2} className={classes.list}>
        {problems.map((problem, index) => (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id.
            key={index}
            className={classes.problem}
            onClick={() => onPick(problem)}
            data-problem-node={problem.node_id ?? undefined}
          >
            <Text span size="sm" fw={600}>
              {nameOf(problem)}
            </Text>
            <Text span size="sm" c="dimmed">
              {' — '}
              {problem.message.startsWith(`${nameOf(problem)}: `)
                ? problem.message.slice(nameOf(problem).length + 2)
                : problem.message}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
