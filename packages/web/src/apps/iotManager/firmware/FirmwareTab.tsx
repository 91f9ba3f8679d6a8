/** A gateway's firmware: its rollouts with live progress, and the library to roll a version out from. */
import type { Gateway } from '@ferrite/contracts';
import { Center, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import detail from '../detail/Detail.module.css';
import classes from './Firmware.module.css';
import { FirmwareLibrary } from './FirmwareLibrary';
import { RolloutList } from './RolloutList';
import { useGatewayRollouts } from './useRollouts';

/** The Firmware tab. */
export function FirmwareTab({ gateway, canManage }: { gateway: Gateway; canManage: boolean }) {
  const rollouts = useGatewayRollouts(gateway.id);
  return (
    <div className={detail.content}>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg" className={classes.card}>
          <Text fw={650}>Updates of this gateway</Text>
          <Text size="xs" c="dimmed" mb="md">
            Each rollout: notified, downloading, installing, then succeeded or failed.
          </Text>
          {!rollouts ? (
            <Stack gap="sm">
              <Skeleton height={56} radius="md" />
              <Skeleton height={56} radius="md" />
            </Stack>
          ) : rollouts.length === 0 ? (
            <Center py="lg">
              <EmptyState
                size="sm"
                variant="light"
                color="gray"
                icon={<IconRocket stroke={1.6} />}
                title="No updates yet"
                description={
                  canManage
                    ? 'Roll out a firmware version from the library to update this gateway over the air.'
                    : 'Firmware updates of this gateway appear here.'
                }
                maw={340}
              />
            </Center>
          ) : (
            <RolloutList rollouts={rollouts} by="gateway" columns={2} />
          )}
        </Paper>
        <FirmwareLibrary canManage={canManage} projectId={gateway.project_id} gatewayId={gateway.id} />
      </Stack>
    </div>
  );
}
