/** The Tenant Manager home: organization and request totals, the newest of each, and ways into the lists. */
import { APPS } from '@ferrite/contracts';
import { Button, Grid, Group, ScrollArea, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArchive, IconBuilding, IconMailbox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { StatCard } from '../../../ui/StatCard';
import { formatRelative } from '../../../ui/time';
import { AppTile } from '../../../workspace/AppTile';
import { useListOrganizationsQuery } from '../api/organizationsApi';
import { useListOrgRequestsQuery } from '../api/requestsApi';
import { orgTabChanged, requestTabChanged } from '../store';
import { HomePanel, HomeRow } from './HomeParts';
import { OrganizationFormModal } from './OrganizationFormModal';
import { OrgAddress, OrgAvatar } from './OrgBits';
import classes from './views.module.css';

const PEEK = { page: 1, pageSize: 5, search: '' };

/** The home section; `onNavigate` moves the window to another section. */
export function TenantHome({ onNavigate }: { onNavigate: (section: string) => void }) {
  const dispatch = useAppDispatch();
  const orgs = useListOrganizationsQuery({ ...PEEK, tab: 'active' });
  const requests = useListOrgRequestsQuery({ ...PEEK, status: 'pending' });
  const [creating, setCreating] = useState(false);
  const counts = orgs.data?.counts;
  const pending = requests.data?.counts.pending;

  const openOrganizations = (tab: 'active' | 'archived') => {
    dispatch(orgTabChanged(tab));
    onNavigate('organization');
  };
  const openRequests = () => {
    dispatch(requestTabChanged('pending'));
    onNavigate('requests');
  };

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.homeWash}>
        <div className={classes.homePage}>
          <Group justify="space-between" align="center" mb="xl" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <AppTile appKey="tenantManager" size={60} />
              <div>
                <Title order={2} className={classes.homeTitle}>
                  {APPS.tenantManager.title}
                </Title>
                <Text c="dimmed">{APPS.tenantManager.description}</Text>
              </div>
            </Group>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New organization
            </Button>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="xl">
            <StatCard
              icon={IconBuilding}
              color="teal"
              label="Active organizations"
              value={counts?.active}
              action="View organizations"
              onClick={() => openOrganizations('active')}
              testId="stat-active"
            />
            <StatCard
              icon={IconArchive}
              color="gray"
              label="Archived organizations"
              value={counts?.archived}
              action="View archived"
              onClick={() => openOrganizations('archived')}
              testId="stat-archived"
            />
            <StatCard
              icon={IconMailbox}
              color="orange"
              label="Pending requests"
              value={pending}
              action="Review requests"
              onClick={openRequests}
              highlight={Boolean(pending)}
              testId="stat-pending"
            />
          </SimpleGrid>

          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <HomePanel
                title="Newest organizations"
                loading={orgs.isLoading}
                empty="No organizations yet."
                more="All organizations"
                onMore={() => openOrganizations('active')}
              >
                {orgs.data?.organizations.map((org) => (
                  <HomeRow
                    key={org.id}
                    avatar={<OrgAvatar org={org} size={32} />}
                    title={org.name}
                    subtitle={<OrgAddress slug={org.slug} />}
                    aside={formatRelative(org.created_at)}
                  />
                ))}
              </HomePanel>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <HomePanel
                title="Waiting for review"
                loading={requests.isLoading}
                empty="Nothing waiting. New sign-ups show up here."
                more="All requests"
                onMore={openRequests}
              >
                {requests.data?.requests.map((r) => (
                  <HomeRow
                    key={r.id}
                    avatar={<OrgAvatar org={{ name: r.organization_name, slug: r.slug }} size={32} />}
                    title={r.organization_name}
                    subtitle={
                      <Text span size="xs" c="dimmed">
                        {r.requester.name} · {r.requester.email}
                      </Text>
                    }
                    aside={formatRelative(r.created_at)}
                  />
                ))}
              </HomePanel>
            </Grid.Col>
          </Grid>
        </div>
      </div>
      <OrganizationFormModal opened={creating} onClose={() => setCreating(false)} />
    </ScrollArea>
  );
}
