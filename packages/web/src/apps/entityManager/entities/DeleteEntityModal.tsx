/**
 * Deleting an asset or sensor: the spec's 'Are you sure you want to Delete?', plus, for an asset that
 * holds entities, the cascade choice. Without it the server refuses (409, saying how many); that
 * message shows here so the user can tick the box rather than hunt for a toast.
 */
import { MESSAGES } from '@ferrite/contracts';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { notifySuccess } from '../../../session/notify';
import { useDeleteEntityMutation } from '../api/entitiesApi';
import { plural } from '../common/format';
import { useOrgId } from '../hooks';

export interface DeleteTarget {
  id: string;
  kind: 'asset' | 'sensor';
  name: string;
  /** Everything beneath it, at any depth. */
  descendants: number;
}

interface DeleteEntityModalProps {
  target: DeleteTarget | null;
  projectId: string;
  onClose: () => void;
  onDeleted: (target: DeleteTarget) => void;
}

/** The modal; the caller keys it per target so the checkbox starts unticked. */
export function DeleteEntityModal({ target, projectId, onClose, onDeleted }: DeleteEntityModalProps) {
  const orgId = useOrgId();
  const [remove, { isLoading }] = useDeleteEntityMutation();
  const [cascade, setCascade] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  const confirm = async () => {
    if (!target) return;
    setProblem(null);
    const result = await remove({ orgId, projectId, kind: target.kind, id: target.id, cascade });
    if (result.error) {
      setProblem(result.error as ApiProblem);
      return;
    }
    notifySuccess(
      cascade && target.descendants > 0
        ? `Deleted “${target.name}” and ${plural(target.descendants, 'entity', 'entities')} beneath it`
        : `Deleted “${target.name}”`,
    );
    onDeleted(target);
    onClose();
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title="Please confirm" centered radius="lg">
      <Stack gap="md">
        <Text data-testid="confirm-message">{MESSAGES.confirmDelete}</Text>
        {target && (
          <Text size="sm" c="dimmed">
            {target.kind === 'asset' ? 'Asset' : 'Sensor'} “{target.name}” will be removed from the hierarchy.
          </Text>
        )}
        {target && target.descendants > 0 && (
          <Checkbox
            checked={cascade}
            onChange={(event) => setCascade(event.currentTarget.checked)}
            color="red"
            label={`Also delete the ${plural(target.descendants, 'entity', 'entities')} beneath it`}
            description="Without this, an asset that holds entities is not deleted."
          />
        )}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={problem.title}>
            {problem.detail}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={isLoading}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
