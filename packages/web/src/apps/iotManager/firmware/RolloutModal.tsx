/**
 * Assign a firmware version to gateways: the project's active gateways to choose from (the current
 * project when opened from a gateway, else picked first), then one rollout per chosen gateway.
 */
import { type Firmware, rolloutBodySchema } from '@ferrite/contracts';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { useStartRolloutMutation } from '../api/firmwareApi';
import { useListGatewaysQuery, useListIotProjectsQuery } from '../api/gatewaysApi';
import { plural } from '../common/format';
import { notifyProblem, useOrgId } from '../hooks';

interface RolloutModalProps {
  firmware: Firmware | null;
  /** Fixed when opened from a gateway's Firmware tab. */
  projectId?: string;
  /** Chosen at first (the gateway the tab belongs to). */
  initialGatewayIds?: string[];
  onClose: () => void;
}

/** Open while `firmware` is set. */
export function RolloutModal({ firmware, projectId, initialGatewayIds = [], onClose }: RolloutModalProps) {
  const orgId = useOrgId();
  const [project, setProject] = useState<string | null>(projectId ?? null);
  const [gatewayIds, setGatewayIds] = useState<string[]>(initialGatewayIds);
  const [error, setError] = useState<string | null>(null);
  const [start, { isLoading }] = useStartRolloutMutation();
  const projects = useListIotProjectsQuery(
    { orgId, page: 1, pageSize: 200 },
    { skip: !orgId || Boolean(projectId) },
  );
  const gateways = useListGatewaysQuery(
    { orgId, projectId: project ?? '', page: 1, pageSize: 200, tab: 'active' },
    { skip: !orgId || !project },
  );
  const options = useMemo(
    () =>
      (gateways.data?.gateways ?? []).map((g) => ({
        value: g.id,
        label: `${g.name}${g.status === 'online' ? '' : ' (offline)'}`,
      })),
    [gateways.data],
  );

  const submit = async () => {
    if (!firmware) return;
    const checked = rolloutBodySchema.safeParse({ gateway_ids: gatewayIds });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Choose at least one gateway');
      return;
    }
    const result = await start({ orgId, firmwareId: firmware.id, gatewayIds });
    if (result.error) {
      notifyProblem(result.error);
      return;
    }
    notifySuccess(
      `Rolling out ${firmware.name} ${firmware.version}`,
      `To ${plural(result.data.length, 'gateway')}`,
    );
    onClose();
  };

  return (
    <Modal
      opened={firmware !== null}
      onClose={onClose}
      title={firmware ? `Roll out ${firmware.name} ${firmware.version}` : ''}
      centered
      radius="lg"
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each gateway gets a firmware_update command with a signed download link; its progress shows here and
          on the gateway's Firmware tab.
        </Text>
        {!projectId && (
          <Select
            label="Project"
            placeholder="Choose a project"
            data={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={project}
            onChange={(value) => {
              setProject(value);
              setGatewayIds([]);
            }}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <MultiSelect
          label="Gateways"
          placeholder={project ? 'Choose gateways' : 'Choose a project first'}
          data={options}
          value={gatewayIds}
          onChange={(value) => {
            setGatewayIds(value);
            setError(null);
          }}
          error={error}
          searchable
          clearable
          disabled={!project}
          nothingFoundMessage="No active gateway"
          comboboxProps={{ withinPortal: true }}
        />
        {gatewayIds.length > 0 && (
          <Alert variant="light" color="yellow">
            Devices install the update when they receive it. Offline gateways get it once they reconnect, or
            time out.
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button leftSection={<IconRocket size={16} />} onClick={submit} loading={isLoading}>
            Roll out to {plural(gatewayIds.length, 'gateway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
