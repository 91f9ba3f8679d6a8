/** One organization: its address, limits, admin and apps (switched on and off in place), with edit and archive. */
import { APP_KEYS, type AppKey, type Organization } from '@ferrite/contracts';
import {
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { useAppSelector } from '../../../app/hooks';
import { notifyError } from '../../../session/notify';
import { Breadcrumbs, TrailHeading } from '../../../ui/Breadcrumbs';
import { useGetOrganizationQuery, useUpdateOrganizationMutation } from '../api/organizationsApi';
import { selectTenant } from '../store';
import { AppToggles } from './AppToggles';
import { OrganizationFormModal } from './OrganizationFormModal';
import { OrgAddress, OrgAvatar } from './OrgBits';
import { OrgDetailFacts, OrgStatCards } from './OrgDetailParts';
import {
  confirmAppRemoval,
  OWN_ORG_ARCHIVE_HINT,
  removedApps,
  useIsSignedInOrg,
  useToggleArchive,
} from './useOrgActions';
import classes from './views.module.css';

/** Apps switched in place: shown at once, saved in the background, put back if the save fails. */
function AppsPanel({ org }: { org: Organization }) {
  const [update, { isLoading }] = useUpdateOrganizationMutation();
  const [pending, setPending] = useState<AppKey[] | null>(null);
  const apps = pending ?? org.apps;
  const archived = Boolean(org.archived_at);

  const change = async (next: AppKey[]) => {
    if (!(await confirmAppRemoval(org, removedApps(apps, next)))) return;
    setPending(next);
    const result = await update({ id: org.id, body: { apps: next } });
    setPending(null);
    if (result.error) {
      const problem = result.error as ApiProblem;
      notifyError(problem.title, problem.detail);
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.panel}>
      <Group justify="space-between" mb="md">
        <div>
          <Text fw={600}>Apps</Text>
          <Text size="xs" c="dimmed">
            {archived
              ? 'Unarchive the organization to change its apps.'
              : 'What the organization’s members can open. Changes save at once.'}
          </Text>
        </div>
        <Group gap="xs">
          {isLoading && <Loader size={14} aria-label="Saving" />}
          <Badge variant="light" radius="sm" tt="none">
            {apps.length} of {APP_KEYS.length}
          </Badge>
        </Group>
      </Group>
      <AppToggles value={apps} onChange={change} disabled={archived || isLoading} />
    </Paper>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg">
      <Group gap="md">
        <Skeleton height={56} width={56} radius="md" />
        <Stack gap={8}>
          <Skeleton height={22} width={240} />
          <Skeleton height={12} width={160} />
        </Stack>
      </Group>
      <Skeleton height={96} radius="lg" />
      <Skeleton height={320} radius="lg" />
    </Stack>
  );
}

/** The detail page of the organization the trail points at. */
export function OrganizationDetail({ id }: { id: string }) {
  const fromList = useAppSelector((state) =>
    selectTenant(state).organizations.items.find((o) => o.id === id),
  );
  const { data, error } = useGetOrganizationQuery(id);
  const org = data ?? fromList;
  const toggleArchive = useToggleArchive();
  const signedIn = useIsSignedInOrg(org);
  const [editOpen, setEditOpen] = useState(false);
  const problem = error as ApiProblem | undefined;

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.detailPage}>
        {/* Until the organization is known the bare trail leads back; then it ends in its name. */}
        {!org && <Breadcrumbs trail="myOrganizations" />}
        {!org && problem && (
          <Paper withBorder radius="lg" p="xl" mt="lg">
            <Text fw={600}>{problem.title}</Text>
            <Text c="dimmed" size="sm">
              {problem.detail}
            </Text>
          </Paper>
        )}
        {!org && !problem && <DetailSkeleton />}
        {org && (
          <Stack gap="lg" data-testid="organization-detail">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
                <OrgAvatar org={org} size={56} />
                <div style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <TrailHeading heading={org.name}>
                      <Breadcrumbs trail="myOrganizations" />
                    </TrailHeading>
                    <Badge color={org.archived_at ? 'gray' : 'teal'} variant="light" radius="sm">
                      {org.archived_at ? 'Archived' : 'Active'}
                    </Badge>
                  </Group>
                  <OrgAddress slug={org.slug} size="sm" />
                </div>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setEditOpen(true)}
                >
                  Edit
                </Button>
                {org.archived_at ? (
                  <Button
                    variant="light"
                    leftSection={<IconArchiveOff size={16} />}
                    onClick={() => toggleArchive(org)}
                  >
                    Unarchive
                  </Button>
                ) : signedIn ? (
                  // Archiving the organization one is signed in to would end one's own session.
                  <Tooltip label={OWN_ORG_ARCHIVE_HINT} multiline w={260} withArrow>
                    <Button
                      variant="light"
                      color="red"
                      leftSection={<IconArchive size={16} />}
                      data-disabled
                      aria-disabled
                      aria-description={OWN_ORG_ARCHIVE_HINT}
                      onClick={(event) => event.preventDefault()}
                    >
                      Archive
                    </Button>
                  </Tooltip>
                ) : (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconArchive size={16} />}
                    onClick={() => toggleArchive(org)}
                  >
                    Archive
                  </Button>
                )}
              </Group>
            </Group>
            <OrgStatCards org={org} />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <AppsPanel org={org} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <OrgDetailFacts org={org} />
              </Grid.Col>
            </Grid>
            <OrganizationFormModal opened={editOpen} org={org} onClose={() => setEditOpen(false)} />
          </Stack>
        )}
      </div>
    </ScrollArea>
  );
}
