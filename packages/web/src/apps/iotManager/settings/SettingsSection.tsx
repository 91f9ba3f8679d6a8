/**
 * IoT Manager settings: the organization's firmware library, and the rollouts of a chosen version
 * across every gateway it went to.
 */
import type { Firmware } from '@ferrite/contracts';
import { Center, EmptyState, Grid, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useListFirmwareRolloutsQuery } from '../api/firmwareApi';
import firmwareClasses from '../firmware/Firmware.module.css';
import { FirmwareLibrary } from '../firmware/FirmwareLibrary';
import { ACTIVE_ROLLOUT, RolloutList } from '../firmware/RolloutList';
import { useCan, useOrgId } from '../hooks';
import classes from './Settings.module.css';

function FirmwareRollouts({ firmware }: { firmware: Firmware }) {
  const orgId = useOrgId();
  const [moving, setMoving] = useState(false);
  const query = useListFirmwareRolloutsQuery(
    { orgId, firmwareId: firmware.id },
    { skip: !orgId, pollingInterval: moving ? 5_000 : 0, skipPollingIfUnfocused: true },
  );
  const rollouts = query.data;
  const anyMoving = (rollouts ?? []).some((r) => ACTIVE_ROLLOUT.includes(r.status));
  useEffect(() => setMoving(anyMoving), [anyMoving]);
  if (!rollouts) {
    return (
      <Stack gap="sm">
        <Skeleton height={56} radius="md" />
        <Skeleton height={56} radius="md" />
      </Stack>
    );
  }
  if (rollouts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not rolled out yet. Use Roll out to send it to gateways.
      </Text>
    );
  }
  return <RolloutList rollouts={rollouts} by="firmware" />;
}

/** The Settings section. */
export function SettingsSection() {
  const can = useCan();
  const [selected, setSelected] = useState<Firmware | null>(null);
  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.page}>
        <Title order={2} fz={24}>
          Settings
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          Firmware for over-the-air updates. Pick a version to follow where it went.
        </Text>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <FirmwareLibrary
              canManage={can('manageFirmware')}
              selectedId={selected?.id ?? null}
              onSelect={setSelected}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder radius="lg" p="lg" className={firmwareClasses.card}>
              <Text fw={650}>
                {selected ? `Rollouts of ${selected.name} ${selected.version}` : 'Rollouts'}
              </Text>
              <Text size="xs" c="dimmed" mb="md">
                Progress per gateway, as devices report it.
              </Text>
              {selected ? (
                <FirmwareRollouts key={selected.id} firmware={selected} />
              ) : (
                <Center py="md">
                  <EmptyState
                    size="sm"
                    variant="light"
                    color="gray"
                    icon={<IconRocket stroke={1.6} />}
                    title="Pick a version"
                    description="Choose a firmware in the library to see its rollouts."
                    maw={300}
                  />
                </Center>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </div>
    </ScrollArea>
  );
}
