/**
 * Every deployed version of the chain, newest first: who deployed it and when, what changed against
 * the one before, and a one-click Rollback (confirmed; deployed as a new revision).
 */
import type { PipelineVersion, VersionDiff } from '@ferrite/contracts';
import { Badge, Button, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { confirmAction } from '../../../ui/confirm';
import { DateTime } from '../../../ui/time';
import type { ChainArg } from '../api/apiBase';
import { useListVersionsQuery } from '../api/pipelinesApi';

/** "2 added, 1 changed, +3 connections" — or "No node changes". */
export function diffSummary(diff: VersionDiff): string {
  const parts = [
    diff.added.length && `${diff.added.length} added`,
    diff.removed.length && `${diff.removed.length} removed`,
    diff.changed.length && `${diff.changed.length} changed`,
    diff.connections_added &&
      `+${diff.connections_added} connection${diff.connections_added === 1 ? '' : 's'}`,
    diff.connections_removed &&
      `−${diff.connections_removed} connection${diff.connections_removed === 1 ? '' : 's'}`,
    diff.renamed && 'renamed',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No node changes';
}

interface VersionsDrawerProps {
  arg: ChainArg;
  opened: boolean;
  current: number | undefined;
  canDeploy: boolean;
  onClose: () => void;
  onRollback: (revision: number) => Promise<boolean>;
}

function VersionCard({
  version,
  current,
  canDeploy,
  onRollback,
}: { version: PipelineVersion } & Pick<VersionsDrawerProps, 'current' | 'canDeploy' | 'onRollback'>) {
  const isCurrent = version.revision === current;
  const roll = async () => {
    const ok = await confirmAction({
      title: `Roll back to revision ${version.revision}?`,
      message:
        'Its nodes and connections are deployed again as a new revision; unsaved changes here are lost.',
      confirmLabel: 'Roll back',
    });
    if (ok) await onRollback(version.revision);
  };
  return (
    <Paper withBorder p="sm" radius="md" data-version={version.revision}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6}>
          <Text fw={700}>r{version.revision}</Text>
          {isCurrent && (
            <Badge size="sm" color="teal" variant="light">
              Current
            </Badge>
          )}
          {version.rollback_of !== null && (
            <Badge size="sm" color="grape" variant="light">
              Rollback to r{version.rollback_of}
            </Badge>
          )}
        </Group>
        {!isCurrent && canDeploy && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={roll}
          >
            Rollback
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        <DateTime value={version.deployed_at} withTime /> by {version.deployed_by?.name ?? 'the system'} ·{' '}
        {version.node_count} nodes
      </Text>
      <Text size="sm" mt={4}>
        {diffSummary(version.diff)}
      </Text>
    </Paper>
  );
}

/** The drawer of versions. */
export function VersionsDrawer({
  arg,
  opened,
  current,
  canDeploy,
  onClose,
  onRollback,
}: VersionsDrawerProps) {
  const query = useListVersionsQuery(arg, { skip: !opened, refetchOnMountOrArgChange: true });
  const versions = query.data?.versions;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Versions" size="md">
      <Stack gap="sm">
        {!versions && !query.error && [1, 2, 3].map((i) => <Skeleton key={i} h={84} radius="md" />)}
        {query.error && (
          <Text size="sm" c="red">
            The versions could not be read.
          </Text>
        )}
        {versions?.length === 0 && (
          <Text size="sm" c="dimmed">
            Nothing deployed yet. Each deploy keeps a version here.
          </Text>
        )}
        {versions?.map((v) => (
          <VersionCard
            key={v.revision}
            version={v}
            current={current}
            canDeploy={canDeploy}
            onRollback={onRollback}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
