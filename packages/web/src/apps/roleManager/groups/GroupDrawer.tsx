/** Create or edit a user group: name, description, the permissions matrix and its members. */
import type { Permission, UserGroup, UserGroupBody } from '@ferrite/contracts';
import { Input, MultiSelect, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormDrawer } from '../../../ui/FormDrawer';
import { useCreateUserGroupMutation, useUpdateUserGroupMutation } from '../api/groupsApi';
import { useMemberOptions } from '../common/useOptions';
import { runAction, useGrantableApps, useOrgId } from '../hooks';
import type { Grants } from './grants';
import { PermissionsMatrix } from './PermissionsMatrix';

interface GroupDrawerProps {
  opened: boolean;
  /** The group to edit; null creates one. Read once: the parent re-keys the drawer per opening. */
  group: UserGroup | null;
  onClose: () => void;
}

interface GroupFormValues {
  name: string;
  description: string;
  grants: Grants;
  memberIds: string[];
}

/** The group editor in a drawer. */
export function GroupDrawer({ opened, group, onClose }: GroupDrawerProps) {
  const orgId = useOrgId();
  const apps = useGrantableApps();
  const members = useMemberOptions(opened);
  const [create, creating] = useCreateUserGroupMutation();
  const [update, updating] = useUpdateUserGroupMutation();
  const form = useForm<GroupFormValues>({
    initialValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      grants: { apps: group?.apps ?? [], permissions: (group?.permissions ?? []) as Permission[] },
      memberIds: group?.member_ids ?? [],
    },
    validate: { name: (value) => (value.trim() ? null : 'Please enter a group name') },
  });

  const submit = form.onSubmit(async (values) => {
    const body: UserGroupBody = {
      name: values.name.trim(),
      description: values.description.trim(),
      apps: values.grants.apps,
      permissions: values.grants.permissions,
      member_ids: values.memberIds,
    };
    const ok = await runAction(
      () => (group ? update({ orgId, id: group.id, body }).unwrap() : create({ orgId, body }).unwrap()),
      group ? `Saved ${body.name}` : `Created ${body.name}`,
    );
    if (ok) onClose();
  });

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={group ? `Edit ${group.name}` : 'New user group'}
      description="Members get the apps and actions allowed here."
      submitLabel={group ? 'Save changes' : 'Create group'}
      submitting={creating.isLoading || updating.isLoading}
      onSubmit={submit}
      size={640}
      testId="group-drawer"
    >
      <TextInput
        label="Name"
        placeholder="e.g. Shift supervisors"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea label="Description" autosize minRows={2} maxRows={4} {...form.getInputProps('description')} />
      <MultiSelect
        label="Members"
        placeholder={form.values.memberIds.length ? undefined : 'Pick people of the organization'}
        {...members.picker}
        searchable
        clearable
        nothingFoundMessage={members.loading ? 'Loading people…' : 'Nobody matches'}
        hidePickedOptions
        {...form.getInputProps('memberIds')}
      />
      <Input.Wrapper
        label="Apps and actions"
        description="Switch an app on to allow it, then tick what its members may do."
      >
        <div style={{ marginTop: 10 }}>
          <PermissionsMatrix
            value={form.values.grants}
            onChange={(next) => form.setFieldValue('grants', next)}
            apps={apps}
          />
        </div>
      </Input.Wrapper>
    </FormDrawer>
  );
}
