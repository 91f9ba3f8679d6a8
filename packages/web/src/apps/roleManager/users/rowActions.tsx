/** The row menus of the Users tabs, each entry shown only when the caller holds its permission. */
import type { Invitation, OrgUser } from '@ferrite/contracts';
import {
  IconArchive,
  IconArchiveOff,
  IconEdit,
  IconMailForward,
  IconMailOff,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { confirmArchive, confirmDelete } from '../../../ui/confirm';
import type { RowAction } from '../../../ui/ListPage';
import { useResendInvitationMutation, useRevokeInvitationMutation } from '../api/invitationsApi';
import { useArchiveUserMutation, useDeleteUserMutation, useUnarchiveUserMutation } from '../api/usersApi';
import { runAction, useCan, useOrgId } from '../hooks';
import type { InviteTarget } from './InviteModal';

interface Openers {
  edit: (user: OrgUser) => void;
  invite: (target: InviteTarget) => void;
}

/** Row actions for active and archived members. */
export function useUserRowActions({ edit, invite }: Openers) {
  const orgId = useOrgId();
  const can = useCan();
  const [archive] = useArchiveUserMutation();
  const [unarchive] = useUnarchiveUserMutation();
  const [remove] = useDeleteUserMutation();
  const manage = can('manageUsers');
  const mayInvite = can('inviteUsers');

  const removeAction = (user: OrgUser, tab: 'active' | 'archived'): RowAction => ({
    label: 'Delete',
    icon: <IconTrash size={16} />,
    color: 'red',
    onClick: async () => {
      if (!(await confirmDelete())) return;
      await runAction(
        () => remove({ orgId, id: user.id, tab }).unwrap(),
        `${user.name || user.email} removed`,
      );
    },
  });

  return (user: OrgUser): RowAction[] => {
    if (!user.archived_at) {
      if (!manage) return [];
      return [
        { label: 'Edit', icon: <IconEdit size={16} />, onClick: () => edit(user) },
        {
          label: 'Archive',
          icon: <IconArchive size={16} />,
          onClick: async () => {
            if (!(await confirmArchive('Archive'))) return;
            await runAction(
              () => archive({ orgId, id: user.id }).unwrap(),
              `${user.name || user.email} archived`,
            );
          },
        },
        removeAction(user, 'active'),
      ];
    }
    const actions: RowAction[] = [];
    if (manage) {
      actions.push({
        label: 'Unarchive',
        icon: <IconArchiveOff size={16} />,
        onClick: async () => {
          if (!(await confirmArchive('Unarchive'))) return;
          await runAction(
            () => unarchive({ orgId, id: user.id }).unwrap(),
            `${user.name || user.email} is active again`,
          );
        },
      });
    }
    if (mayInvite) {
      actions.push({
        label: 'Invite back',
        icon: <IconSend size={16} />,
        onClick: () => invite({ email: user.email, name: user.name, archivedUserId: user.id }),
      });
    }
    if (manage) actions.push(removeAction(user, 'archived'));
    return actions;
  };
}

/** Row actions for pending invitations: re-invite (a new link) and revoke. */
export function useInvitationRowActions() {
  const orgId = useOrgId();
  const can = useCan();
  const [resend] = useResendInvitationMutation();
  const [revoke] = useRevokeInvitationMutation();
  if (!can('inviteUsers')) return () => [];
  return (invitation: Invitation): RowAction[] => [
    {
      label: 'Re-invite',
      icon: <IconMailForward size={16} />,
      onClick: () =>
        runAction(
          () => resend({ orgId, id: invitation.id }).unwrap(),
          `A new link was sent to ${invitation.email}`,
        ),
    },
    {
      label: 'Revoke',
      icon: <IconMailOff size={16} />,
      color: 'red',
      onClick: async () => {
        if (!(await confirmArchive('Revoke', true))) return;
        await runAction(
          () => revoke({ orgId, id: invitation.id }).unwrap(),
          `Invitation to ${invitation.email} revoked`,
        );
      },
    },
  ];
}
