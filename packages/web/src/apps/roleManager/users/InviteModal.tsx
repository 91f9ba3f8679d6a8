/** 'Invite user': e-mail (the product's rule, 'Email must be valid'), name, role and user groups. */
import { EMAIL_HINT, type Invitation, isValidEmail, type OrgRole } from '@ferrite/contracts';
import { Button, Group, Modal, MultiSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useInviteUserMutation } from '../api/invitationsApi';
import { useGroupOptions } from '../common/useOptions';
import { runAction, useIsOrgAdmin, useOrgId } from '../hooks';

/** Who is being invited, when the modal opens pre-filled (re-inviting an archived member). */
export interface InviteTarget {
  email: string;
  name: string;
  archivedUserId?: string;
}

interface InviteModalProps {
  opened: boolean;
  /** Pre-filled person; read once, the parent re-keys the modal per opening. */
  target: InviteTarget | null;
  onClose: () => void;
  onInvited?: (invitation: Invitation) => void;
}

interface InviteValues {
  email: string;
  name: string;
  role: OrgRole;
  groupIds: string[];
}

/** The e-mail check of spec §5, the same rule the server applies. */
export function validateInviteEmail(value: string): string | null {
  return isValidEmail(value.trim()) ? null : EMAIL_HINT;
}

/** The invite form in a modal; sending adds the invitation to the Invites tab. */
export function InviteModal({ opened, target, onClose, onInvited }: InviteModalProps) {
  const orgId = useOrgId();
  const isAdmin = useIsOrgAdmin();
  const groups = useGroupOptions(opened);
  const [invite, inviting] = useInviteUserMutation();
  const form = useForm<InviteValues>({
    initialValues: { email: target?.email ?? '', name: target?.name ?? '', role: 'member', groupIds: [] },
    validate: { email: validateInviteEmail },
    validateInputOnBlur: ['email'],
  });

  const submit = form.onSubmit(async (values) => {
    const email = values.email.trim();
    let sent: Invitation | undefined;
    const ok = await runAction(async () => {
      sent = await invite({
        orgId,
        archivedUserId: target?.archivedUserId,
        body: { email, name: values.name.trim(), role: values.role, user_group_ids: values.groupIds },
      }).unwrap();
    }, `Invitation sent to ${email}`);
    if (ok && sent) {
      onInvited?.(sent);
      onClose();
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      size="md"
      title={
        <Group gap="xs">
          <IconMail size={20} stroke={1.7} />
          <Text fw={650} size="lg">
            {target?.archivedUserId ? 'Invite back' : 'Invite user'}
          </Text>
        </Group>
      }
      data-testid="invite-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            They get an e-mail with a link to join, valid for 7 days.
          </Text>
          <TextInput
            label="E-mail"
            placeholder="name@company.com"
            type="email"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <TextInput label="Name" placeholder="Optional" {...form.getInputProps('name')} />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Role
            </Text>
            <SegmentedControl
              fullWidth
              aria-label="Role"
              data={[
                { value: 'member', label: 'Member' },
                { value: 'admin', label: 'Admin', disabled: !isAdmin },
              ]}
              {...form.getInputProps('role')}
            />
          </div>
          <MultiSelect
            label="User groups"
            description="Members get the apps and actions of their groups."
            placeholder={form.values.groupIds.length ? undefined : 'Pick groups'}
            data={groups}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No groups match"
            {...form.getInputProps('groupIds')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={inviting.isLoading}>
              Cancel
            </Button>
            <Button type="submit" loading={inviting.isLoading} leftSection={<IconMail size={16} />}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
