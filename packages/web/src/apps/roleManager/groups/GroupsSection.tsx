/** 'My Users Groups': Active/Archived user groups, or the custom roles, behind one switch. */
import type { UserGroup } from '@ferrite/contracts';
import { Button } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconEdit,
  IconPlus,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useAppSelector } from '../../../app/hooks';
import { archiveTabs } from '../../../ui/archiveTabs';
import { confirmArchive, confirmDelete } from '../../../ui/confirm';
import { ListPage, type RowAction } from '../../../ui/ListPage';
import { useListPageState } from '../../../ui/useListPageState';
import {
  useArchiveUserGroupMutation,
  useDeleteUserGroupMutation,
  useListUserGroupsQuery,
  useUnarchiveUserGroupMutation,
} from '../api/groupsApi';
import { useEditor } from '../common/useEditor';
import { useStoredTabAndPage } from '../common/useStoredTabAndPage';
import { problemOf, runAction, useCan, useOrgId } from '../hooks';
import type { ArchiveTab } from '../state/archivable';
import { groupColumns } from './columns';
import { GroupDrawer } from './GroupDrawer';
import { RolesList } from './RolesList';
import { ViewSwitch } from './ViewSwitch';

function useGroupActions(edit: (group: UserGroup) => void) {
  const orgId = useOrgId();
  const [archive] = useArchiveUserGroupMutation();
  const [unarchive] = useUnarchiveUserGroupMutation();
  const [remove] = useDeleteUserGroupMutation();
  return (group: UserGroup): RowAction[] => {
    const tab: ArchiveTab = group.archived_at ? 'archived' : 'active';
    const move: RowAction =
      tab === 'active'
        ? {
            label: 'Archive',
            icon: <IconArchive size={16} />,
            onClick: async () => {
              if (await confirmArchive('Archive')) {
                await runAction(() => archive({ orgId, id: group.id }).unwrap(), `${group.name} archived`);
              }
            },
          }
        : {
            label: 'Unarchive',
            icon: <IconArchiveOff size={16} />,
            onClick: async () => {
              if (await confirmArchive('Unarchive')) {
                await runAction(
                  () => unarchive({ orgId, id: group.id }).unwrap(),
                  `${group.name} is active again`,
                );
              }
            },
          };
    return [
      ...(tab === 'active'
        ? [{ label: 'Edit', icon: <IconEdit size={16} />, onClick: () => edit(group) }]
        : []),
      move,
      {
        label: 'Delete',
        icon: <IconTrash size={16} />,
        color: 'red',
        onClick: async () => {
          if (await confirmDelete()) {
            await runAction(() => remove({ orgId, id: group.id, tab }).unwrap(), `${group.name} deleted`);
          }
        },
      },
    ];
  };
}

function GroupsList() {
  const orgId = useOrgId();
  const can = useCan();
  const view = useListPageState({ stored: useStoredTabAndPage('userGroups') });
  const { tab, search } = view;
  const lists = useAppSelector((state) => state.roleManager.lists.userGroups);
  const editor = useEditor<UserGroup>();
  const manage = can('manageUserGroups');
  const actions = useGroupActions(editor.open);
  const store = lists[tab];
  const query = useListUserGroupsQuery(
    { orgId, tab, page: view.page, pageSize: store.pageSize, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const newButton = manage && (
    <Button leftSection={<IconPlus size={18} />} onClick={() => editor.open()}>
      New group
    </Button>
  );

  return (
    <>
      <ListPage<UserGroup>
        title="My Users Groups"
        description="Groups decide which apps their members open and what they may do there."
        primaryAction={
          <>
            <ViewSwitch />
            {newButton}
          </>
        }
        tabs={archiveTabs(
          { active: lists.active.total, archived: lists.archived.total },
          { active: <IconUsersGroup size={16} />, archived: <IconArchive size={16} /> },
        )}
        activeTab={tab}
        onTabChange={view.onTabChange}
        onSearch={view.onSearch}
        searchPlaceholder="Search groups"
        items={store.items}
        getKey={(g) => g.id}
        itemLabel={(g) => g.name}
        columns={groupColumns}
        rowActions={manage ? actions : undefined}
        onOpen={manage && tab === 'active' ? editor.open : undefined}
        selectedKey={editor.opened ? editor.item?.id : undefined}
        paging={{ page: view.page, pageSize: store.pageSize, total: store.total, onPageChange: view.setPage }}
        loading={query.isFetching && !query.currentData}
        error={query.error ? { ...problemOf(query.error), onRetry: query.refetch } : null}
        empty={{
          message: search
            ? `No group matches “${search}”.`
            : tab === 'active'
              ? 'No user groups yet. A group gives its members apps and actions in one go.'
              : 'No archived groups.',
          action: tab === 'active' && !search ? newButton : undefined,
        }}
      />
      <GroupDrawer key={editor.key} opened={editor.opened} group={editor.item} onClose={editor.close} />
    </>
  );
}

/** The User Groups section: groups by default, custom roles on the switch. */
export function GroupsSection() {
  const view = useAppSelector((state) => state.roleManager.view.groupsView);
  return view === 'roles' ? <RolesList /> : <GroupsList />;
}
