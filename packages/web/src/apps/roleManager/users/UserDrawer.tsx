/** Edit a member: name, phone, role (admin/member), custom role, groups, direct apps and assets. */
import type { AppKey, OrgRole, OrgUser, UpdateUserBody } from '@ferrite/contracts';
import { Group, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormDrawer } from '../../../ui/FormDrawer';
import { useUpdateUserMutation } from '../api/usersApi';
import { appOptions } from '../common/options';
import { useGroupOptions, useRoleOptions } from '../common/useOptions';
import { runAction, useGrantableApps, useIsOrgAdmin, useOrgId } from '../hooks';
import { AssetPicker } from './AssetPicker';
import { UserAvatar } from './UserAvatar';

interface UserDrawerProps {
  opened: boolean;
  /** Read once: the parent re-keys the drawer per opening. */
  user: OrgUser;
  onClose: () => void;
}

interface UserValues {
  name: string;
  phone: string;
  role: OrgRole;
  customRoleId: string | null;
  groupIds: string[];
  apps: AppKey[];
  assets: string[];
}

/** The member editor in a drawer. */
export function UserDrawer({ opened, user, onClose }: UserDrawerProps) {
  const orgId = useOrgId();
  const isAdmin = useIsOrgAdmin();
  const grantable = useGrantableApps();
  const groups = useGroupOptions(opened, user.user_groups);
  const roles = useRoleOptions(opened, user.custom_role ? [user.custom_role] : undefined);
  const [update, updating] = useUpdateUserMutation();
  const form = useForm<UserValues>({
    initialValues: {
      name: user.name,
      phone: user.phone ?? '',
      role: user.role,
      customRoleId: user.custom_role?.id ?? null,
      groupIds: user.user_groups.map((g) => g.id),
      apps: user.apps,
      assets: user.assets,
    },
    validate: { name: (value) => (value.trim() ? null : 'Please enter a name') },
  });

  const submit = form.onSubmit(async (values) => {
    const body: UpdateUserBody = {
      name: values.name.trim(),
      phone: values.phone.trim() || null,
      role: values.role,
      custom_role_id: values.customRoleId,
      user_group_ids: values.groupIds,
      apps: values.apps,
      assets: values.assets,
    };
    if (await runAction(() => update({ orgId, id: user.id, body }).unwrap(), `Saved ${body.name}`)) onClose();
  });

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title="Edit user"
      submitLabel="Save changes"
      submitting={updating.isLoading}
      onSubmit={submit}
      size={520}
      testId="user-drawer"
    >
      <Group gap="sm" wrap="nowrap">
        <UserAvatar name={user.name} avatar={user.avatar} size={44} />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.name || user.email}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
      </Group>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="Phone" placeholder="+1 555 0100" {...form.getInputProps('phone')} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Role
        </Text>
        <SegmentedControl
          aria-label="Role"
          data={[
            { value: 'member', label: 'Member' },
            { value: 'admin', label: 'Admin', disabled: !isAdmin },
          ]}
          {...form.getInputProps('role')}
        />
        <Text size="xs" c="dimmed">
          Admins can do everything in the organization's apps.
        </Text>
      </Stack>
      <Select
        label="Custom role"
        description="Adds the role's actions on top of the user's groups."
        placeholder="None"
        data={roles}
        clearable
        searchable
        {...form.getInputProps('customRoleId')}
      />
      <MultiSelect
        label="User groups"
        placeholder={form.values.groupIds.length ? undefined : 'No groups'}
        data={groups}
        searchable
        clearable
        hidePickedOptions
        {...form.getInputProps('groupIds')}
      />
      <MultiSelect
        label="Apps"
        description="Apps opened for this user directly, besides their groups."
        placeholder={form.values.apps.length ? undefined : 'Only what groups allow'}
        data={appOptions(grantable)}
        searchable
        clearable
        hidePickedOptions
        {...form.getInputProps('apps')}
      />
      <AssetPicker value={form.values.assets} onChange={(ids) => form.setFieldValue('assets', ids)} />
    </FormDrawer>
  );
}
