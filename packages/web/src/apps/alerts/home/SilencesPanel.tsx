/** Silences (maintenance windows): what each mutes and when, which are on now, delete; and a new one. */
import { ActionIcon, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBellOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDelete } from '../../../ui/confirm';
import { DateTime } from '../../../ui/time';
import { useDeleteSilenceMutation, useListSilencesQuery } from '../api/silencesApi';
import { runAction, useCan, useOrgId } from '../hooks';
import classes from './Home.module.css';
import { SilenceModal } from './SilenceModal';

/** The panel's body. */
export function SilencesPanel() {
  const orgId = useOrgId();
  const can = useCan();
  const query = useListSilencesQuery({ orgId }, { skip: !orgId, refetchOnMountOrArgChange: true });
  const [remove] = useDeleteSilenceMutation();
  const [creating, setCreating] = useState(false);
  const now = Date.now();
  const silences = query.data?.silences;
  return (
    <Stack gap="sm">
      {can('manageRules') && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Mute notifications during maintenance.
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setCreating(true)}
          >
            New silence
          </Button>
        </Group>
      )}
      {!silences && !query.isError ? (
        <Skeleton height={40} radius="sm" />
      ) : !silences?.length ? (
        <Group gap="xs" py="xs">
          <IconBellOff size={18} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            No silences. Mute a rule, an asset or a sensor during maintenance.
          </Text>
        </Group>
      ) : (
        <Stack gap={2}>
          {silences.map((silence) => {
            const on = Date.parse(silence.starts_at) <= now && now < Date.parse(silence.ends_at);
            return (
              <div key={silence.id} className={classes.row} data-silence={silence.label}>
                <div className={classes.grow}>
                  <Text size="sm" fw={600} truncate>
                    {silence.label}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    <DateTime value={silence.starts_at} withTime /> →{' '}
                    <DateTime value={silence.ends_at} withTime />
                    {silence.comment ? ` · ${silence.comment}` : ''}
                  </Text>
                </div>
                <Badge size="sm" variant={on ? 'filled' : 'default'} color={on ? 'grape' : 'gray'}>
                  {on ? 'Muting now' : Date.parse(silence.ends_at) <= now ? 'Ended' : 'Planned'}
                </Badge>
                {can('manageRules') && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete silence ${silence.label}`}
                    onClick={async () => {
                      if (await confirmDelete())
                        await runAction(
                          () => remove({ orgId, silenceId: silence.id }).unwrap(),
                          'Silence deleted',
                        );
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </div>
            );
          })}
        </Stack>
      )}
      {creating && <SilenceModal opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
