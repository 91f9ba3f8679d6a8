/**
 * 'My Users': Users (active), Archived and Invites tabs with their counts. The tab starts on Users
 * and goes back to it whenever the section is opened again (spec §4).
 */
import type { Invitation, OrgUser } from '@ferrite/contracts';
import { Button } from '@mantine/core';
import { IconArchive, IconMail, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useLayoutEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ListPage } from '../../../ui/ListPage';
import { useListInvitationsQuery } from '../api/invitationsApi';
import { useListUsersQuery } from '../api/usersApi';
import { useEditor } from '../common/useEditor';
import { problemOf, useCan, useOrgId } from '../hooks';
import { invitations, users } from '../state/lists';
import { type UsersTab, usersSectionOpened, usersTabChanged } from '../state/view';
import { archivedUserColumns, invitationColumns, userColumns } from './columns';
import { InviteModal, type InviteTarget } from './InviteModal';
import { useInvitationRowActions, useUserRowActions } from './rowActions';
import { UserDrawer } from './UserDrawer';

const EMPTY: Record<UsersTab, string> = {
  users: 'Nobody here yet. Invite people to work in this organization.',
  archived: 'No archived users. People you archive keep their history and can be brought back.',
  invites: 'No pending invitations.',
};

/** The Users section. */
export function UsersSection() {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const can = useCan();
  const tab = useAppSelector((state) => state.roleManager.view.usersTab);
  const lists = useAppSelector((state) => state.roleManager.lists);
  const [search, setSearch] = useState('');
  const editor = useEditor<OrgUser>();
  const inviter = useEditor<InviteTarget>();

  // Layout effect: the reset lands before the first queries subscribe with a stale tab.
  useLayoutEffect(() => {
    dispatch(usersSectionOpened());
  }, [dispatch]);

  const memberTab = tab === 'archived' ? 'archived' : 'active';
  const memberList = lists.users[memberTab];
  const store = tab === 'invites' ? lists.invitations : memberList;
  const args = { orgId, page: store.page, pageSize: store.pageSize, search };
  const usersQuery = useListUsersQuery(
    { ...args, tab: memberTab },
    { skip: !orgId || tab === 'invites', refetchOnMountOrArgChange: true },
  );
  const invitesQuery = useListInvitationsQuery(args, {
    skip: !orgId || tab !== 'invites',
    refetchOnMountOrArgChange: true,
  });
  const query = tab === 'invites' ? invitesQuery : usersQuery;

  const userActions = useUserRowActions({ edit: editor.open, invite: inviter.open });
  const invitationActions = useInvitationRowActions();
  const setPage = (page: number) =>
    dispatch(tab === 'invites' ? invitations.actions.setPage(page) : users[memberTab].actions.setPage(page));
  const onSearch = (text: string) => {
    setSearch(text);
    dispatch(users.active.actions.setPage(1));
    dispatch(users.archived.actions.setPage(1));
    dispatch(invitations.actions.setPage(1));
  };
  const onInvited = () => dispatch(usersTabChanged('invites'));
  const inviteButton = can('inviteUsers') && (
    <Button leftSection={<IconUserPlus size={18} />} onClick={() => inviter.open()}>
      Invite user
    </Button>
  );

  const common = {
    title: 'My Users',
    description: 'People of this organization, what they can open, and who is still invited.',
    tabs: [
      { value: 'users', label: 'Users', count: lists.users.active.total, icon: <IconUsers size={16} /> },
      {
        value: 'archived',
        label: 'Archived',
        count: lists.users.archived.total,
        icon: <IconArchive size={16} />,
      },
      { value: 'invites', label: 'Invites', count: lists.invitations.total, icon: <IconMail size={16} /> },
    ],
    activeTab: tab,
    onTabChange: (value: string) => dispatch(usersTabChanged(value as UsersTab)),
    onSearch,
    searchPlaceholder: tab === 'invites' ? 'Search invitations' : 'Search name or e-mail',
    primaryAction: inviteButton,
    paging: { page: store.page, pageSize: store.pageSize, total: store.total, onPageChange: setPage },
    loading: query.isFetching && !query.currentData,
    error: query.error ? { ...problemOf(query.error), onRetry: query.refetch } : null,
    empty: {
      message: search ? `Nothing matches “${search}”.` : EMPTY[tab],
      action: tab === 'users' && !search ? inviteButton : undefined,
    },
  };

  return (
    <>
      {tab === 'invites' ? (
        <ListPage<Invitation>
          {...common}
          items={lists.invitations.items}
          getKey={(i) => i.id}
          itemLabel={(i) => i.email}
          columns={invitationColumns}
          rowActions={invitationActions}
        />
      ) : (
        <ListPage<OrgUser>
          {...common}
          items={memberList.items}
          getKey={(u) => u.id}
          itemLabel={(u) => u.name || u.email}
          columns={tab === 'archived' ? archivedUserColumns : userColumns}
          rowActions={userActions}
          onOpen={tab === 'users' && can('manageUsers') ? editor.open : undefined}
          selectedKey={editor.opened ? (editor.item?.id ?? undefined) : undefined}
        />
      )}
      {editor.item && (
        <UserDrawer key={editor.key} opened={editor.opened} user={editor.item} onClose={editor.close} />
      )}
      <InviteModal
        key={`invite-${inviter.key}`}
        opened={inviter.opened}
        target={inviter.item}
        onClose={inviter.close}
        onInvited={onInvited}
      />
    </>
  );
}
