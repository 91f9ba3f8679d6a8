/** The custom roles list of the User Groups section: named sets of actions. */
import type { Role } from '@ferrite/contracts';
import { Button } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { confirmDelete } from '../../../ui/confirm';
import { ListPage, type RowAction } from '../../../ui/ListPage';
import { useDeleteRoleMutation, useListRolesQuery } from '../api/rolesApi';
import { useEditor } from '../common/useEditor';
import { problemOf, runAction, useCan, useOrgId } from '../hooks';
import { roles } from '../state/lists';
import { roleColumns } from './columns';
import { RoleDrawer } from './RoleDrawer';
import { ViewSwitch } from './ViewSwitch';

/** Roles with create, edit and delete. */
export function RolesList() {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const can = useCan();
  const store = useAppSelector((state) => state.roleManager.lists.roles);
  const [search, setSearch] = useState('');
  const editor = useEditor<Role>();
  const [remove] = useDeleteRoleMutation();
  const manage = can('manageRoles');
  const query = useListRolesQuery(
    { orgId, page: store.page, pageSize: store.pageSize, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const newButton = manage && (
    <Button leftSection={<IconPlus size={18} />} onClick={() => editor.open()}>
      New role
    </Button>
  );
  const actions = (role: Role): RowAction[] => [
    { label: 'Edit', icon: <IconEdit size={16} />, onClick: () => editor.open(role) },
    {
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: async () => {
        if (await confirmDelete())
          await runAction(() => remove({ orgId, id: role.id }).unwrap(), `${role.name} deleted`);
      },
    },
  ];

  return (
    <>
      <ListPage<Role>
        title="Roles"
        count={store.total}
        description="Custom roles are named sets of actions; give one to a person in Users."
        primaryAction={
          <>
            <ViewSwitch />
            {newButton}
          </>
        }
        onSearch={(text) => {
          setSearch(text);
          dispatch(roles.actions.setPage(1));
        }}
        searchPlaceholder="Search roles"
        items={store.items}
        getKey={(r) => r.id}
        itemLabel={(r) => r.name}
        columns={roleColumns}
        rowActions={manage ? actions : undefined}
        onOpen={manage ? editor.open : undefined}
        selectedKey={editor.opened ? editor.item?.id : undefined}
        paging={{
          page: store.page,
          pageSize: store.pageSize,
          total: store.total,
          onPageChange: (page) => dispatch(roles.actions.setPage(page)),
        }}
        loading={query.isFetching && !query.currentData}
        error={query.error ? { ...problemOf(query.error), onRetry: query.refetch } : null}
        empty={{
          message: search ? `No role matches “${search}”.` : 'No custom roles yet.',
          action: !search ? newButton : undefined,
        }}
      />
      <RoleDrawer key={editor.key} opened={editor.opened} role={editor.item} onClose={editor.close} />
    </>
  );
}
