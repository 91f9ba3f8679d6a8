/** Edits a dashboard's name, description and theme (PUT …/dashboards/{id}). */
import type { Dashboard } from '@ferrite/contracts';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateDashboardMutation } from '../api/dashboardsApi';
import { fieldErrorsOf, problemOf, runAction, useOrgId } from '../hooks';
import { dashboardBody } from '../list/useDashboardActions';
import { ThemePicker } from '../new/ThemePicker';

function DetailsForm({ dashboard, onClose }: { dashboard: Dashboard; onClose: () => void }) {
  const orgId = useOrgId();
  const [update, state] = useUpdateDashboardMutation();
  const [name, setName] = useState(dashboard.name);
  const [description, setDescription] = useState(dashboard.description);
  const [theme, setTheme] = useState<Dashboard['theme']>(dashboard.theme);
  const errors = fieldErrorsOf(state.error ? problemOf(state.error) : null);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const ok = await runAction(
          () =>
            update({
              orgId,
              dashboardId: dashboard.id,
              body: dashboardBody(dashboard, { name: name.trim(), description: description.trim(), theme }),
            }).unwrap(),
          'Dashboard saved',
        );
        if (ok) onClose();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={120}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <div>
          <Text size="sm" fw={500} mb={6}>
            Theme
          </Text>
          <ThemePicker value={theme} onChange={setTheme} compact />
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={state.isLoading} disabled={!name.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The modal. */
export function DetailsModal({
  dashboard,
  opened,
  onClose,
}: {
  dashboard: Dashboard;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Dashboard details"
      size="lg"
      radius="lg"
      keepMounted={false}
    >
      <DetailsForm dashboard={dashboard} onClose={onClose} />
    </Modal>
  );
}
