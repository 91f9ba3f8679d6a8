/** Create or edit a custom role: a named set of actions, edited with the same matrix as groups. */
import type { Role, RoleBody } from '@ferrite/contracts';
import { Input, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormDrawer } from '../../../ui/FormDrawer';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../api/rolesApi';
import { runAction, useGrantableApps, useOrgId } from '../hooks';
import { type Grants, grantsFromPermissions } from './grants';
import { PermissionsMatrix } from './PermissionsMatrix';

interface RoleDrawerProps {
  opened: boolean;
  /** The role to edit; null creates one. Read once: the parent re-keys the drawer per opening. */
  role: Role | null;
  onClose: () => void;
}

interface RoleFormValues {
  name: string;
  description: string;
  grants: Grants;
}

/** The role editor in a drawer. */
export function RoleDrawer({ opened, role, onClose }: RoleDrawerProps) {
  const orgId = useOrgId();
  const apps = useGrantableApps();
  const [create, creating] = useCreateRoleMutation();
  const [update, updating] = useUpdateRoleMutation();
  const form = useForm<RoleFormValues>({
    initialValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      grants: grantsFromPermissions(role?.permissions ?? []),
    },
    validate: { name: (value) => (value.trim() ? null : 'Please enter a role name') },
  });

  const submit = form.onSubmit(async (values) => {
    // A role keeps only actions; an app switched on without any action still opens it ('view').
    const body: RoleBody = {
      name: values.name.trim(),
      description: values.description.trim(),
      permissions: values.grants.permissions,
    };
    const ok = await runAction(
      () => (role ? update({ orgId, id: role.id, body }).unwrap() : create({ orgId, body }).unwrap()),
      role ? `Saved ${body.name}` : `Created ${body.name}`,
    );
    if (ok) onClose();
  });

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={role ? `Edit ${role.name}` : 'New role'}
      description="A named set of actions you can give to people in Users."
      submitLabel={role ? 'Save changes' : 'Create role'}
      submitting={creating.isLoading || updating.isLoading}
      onSubmit={submit}
      size={640}
      testId="role-drawer"
    >
      <TextInput
        label="Name"
        placeholder="e.g. Maintenance lead"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea label="Description" autosize minRows={2} maxRows={4} {...form.getInputProps('description')} />
      <Input.Wrapper label="Actions" description="What people with this role may do, app by app.">
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
