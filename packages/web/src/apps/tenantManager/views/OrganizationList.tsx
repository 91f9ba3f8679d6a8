/** My Organizations: every organization on the platform, by Active/Archived tab, searchable and paged. */
import type { Organization } from '@ferrite/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconArrowRight, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { type ListColumn, ListPage, type RowAction } from '../../../ui/ListPage';
import { DateTime, formatRelative } from '../../../ui/time';
import { useOrganizationsList } from '../hooks';
import { type OrgTab, orgPageChanged, orgTabChanged, selectTenant } from '../store';
import { OrganizationFormModal } from './OrganizationFormModal';
import { AppStack, OrgAddress, OrgAvatar, SeatUse } from './OrgBits';
import { useToggleArchive } from './useOrgActions';

const BASE_COLUMNS: ListColumn<Organization>[] = [
  {
    key: 'name',
    header: 'Organization',
    render: (org) => (
      <Group gap="sm" wrap="nowrap">
        <OrgAvatar org={org} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {org.name}
          </Text>
          <OrgAddress slug={org.slug} />
        </div>
      </Group>
    ),
  },
  {
    key: 'admin',
    header: 'Admin',
    width: '22%',
    render: (org) =>
      org.admin ? (
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {org.admin.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {org.admin.email}
          </Text>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          No admin
        </Text>
      ),
  },
  {
    key: 'users',
    header: 'Users',
    width: 130,
    render: (org) => <SeatUse used={org.user_count} limit={org.limits.users} />,
  },
  { key: 'apps', header: 'Apps', width: 170, render: (org) => <AppStack apps={org.apps} /> },
];

/** The date that matters on each tab: when it was created, or when it was archived. */
function dateColumn(tab: OrgTab): ListColumn<Organization> {
  const archived = tab === 'archived';
  return {
    key: 'date',
    header: archived ? 'Archived' : 'Created',
    width: 130,
    render: (org) => {
      const iso = archived ? org.archived_at : org.created_at;
      return (
        <div>
          <Text size="sm">
            <DateTime value={iso} />
          </Text>
          <Text size="xs" c="dimmed">
            {formatRelative(iso)}
          </Text>
        </div>
      );
    },
  };
}

/** The list; opening an organization is the section's business (it extends the trail). */
export function OrganizationList({ onOpen }: { onOpen: (org: Organization) => void }) {
  const dispatch = useAppDispatch();
  const { orgTab, orgCounts } = useAppSelector(selectTenant);
  const { list, loading, error, refetch, search, setSearch } = useOrganizationsList();
  const toggleArchive = useToggleArchive();
  const signedInOrgId = useAppSelector((state) => state.session.orgId);
  // The edited organization outlives the open flag, so the modal keeps its title while it fades out.
  const [editing, setEditing] = useState<Organization | undefined>();
  const [editOpen, setEditOpen] = useState(false);
  const edit = (org: Organization) => {
    setEditing(org);
    setEditOpen(true);
  };
  const [creating, setCreating] = useState(false);

  const rowActions = (org: Organization): RowAction[] => [
    { label: 'Open', icon: <IconArrowRight size={16} />, onClick: () => onOpen(org) },
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => edit(org) },
    org.archived_at
      ? { label: 'Unarchive', icon: <IconArchiveOff size={16} />, onClick: () => toggleArchive(org) }
      : {
          label: 'Archive',
          icon: <IconArchive size={16} />,
          color: 'red',
          onClick: () => toggleArchive(org),
          // Archiving the organization one is signed in to would end one's own session.
          disabled: org.id === signedInOrgId,
        },
  ];

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New organization
    </Button>
  );
  const emptyMessage = search
    ? `No organization matches “${search}”.`
    : orgTab === 'archived'
      ? 'No archived organizations. Archived organizations keep their data, but nobody can sign in to them.'
      : 'No organizations yet. Create one, or approve a sign-up request.';

  return (
    <>
      <ListPage<Organization>
        title="Organizations"
        count={orgCounts.active + orgCounts.archived}
        description="Every organization on the platform, with its apps, limits and admin."
        breadcrumbs={<Breadcrumbs trail="myOrganizations" />}
        tabs={[
          { value: 'active', label: 'Active', count: orgCounts.active },
          { value: 'archived', label: 'Archived', count: orgCounts.archived },
        ]}
        activeTab={orgTab}
        onTabChange={(tab) => dispatch(orgTabChanged(tab as OrgTab))}
        onSearch={setSearch}
        searchPlaceholder="Search organizations"
        primaryAction={newButton}
        items={list.items}
        getKey={(org) => org.id}
        itemLabel={(org) => org.name}
        columns={[...BASE_COLUMNS, dateColumn(orgTab)]}
        rowActions={rowActions}
        onOpen={onOpen}
        paging={{
          page: list.page,
          pageSize: list.pageSize,
          total: list.total,
          onPageChange: (page) => dispatch(orgPageChanged(page)),
        }}
        loading={loading}
        error={error && { title: error.title, detail: error.detail, onRetry: refetch }}
        empty={{
          title: search ? 'No matches' : undefined,
          message: emptyMessage,
          action: !search && orgTab === 'active' ? newButton : undefined,
        }}
      />
      <OrganizationFormModal opened={creating} onClose={() => setCreating(false)} />
      <OrganizationFormModal opened={editOpen} org={editing} onClose={() => setEditOpen(false)} />
    </>
  );
}
