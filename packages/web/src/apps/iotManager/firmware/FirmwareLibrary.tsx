/**
 * The organization's firmware: each file with its version, type, size and SHA-256, uploaded and deleted
 * here, rolled out to gateways from here. Used by the gateway's Firmware tab and by Settings.
 */
import type { Firmware } from '@ferrite/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCpu, IconRocket, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { confirmDelete } from '../../../ui/confirm';
import { DateTime } from '../../../ui/time';
import { useDeleteFirmwareMutation, useListFirmwareQuery } from '../api/firmwareApi';
import { CopyIcon } from '../common/Bits';
import { formatBytes } from '../common/format';
import { notifyProblem, useErrorToast, useOrgId } from '../hooks';
import classes from './Firmware.module.css';
import { RolloutModal } from './RolloutModal';
import { UploadModal } from './UploadModal';

/** Short names of the types the server detects from a file's first bytes; others show as sent. */
const TYPE_LABELS: Record<string, string> = {
  'application/x-elf': 'ELF',
  'application/zip': 'ZIP',
  'application/gzip': 'gzip',
  'application/x-xz': 'xz',
  'application/x-uf2': 'UF2',
  'text/x-hex': 'Intel HEX',
  'application/octet-stream': 'Binary',
};

/** What the Type column shows for a detected type. */
export function firmwareTypeLabel(contentType: string): string {
  return TYPE_LABELS[contentType] ?? contentType;
}

interface FirmwareLibraryProps {
  canManage: boolean;
  /** Rollouts from a gateway's tab target its project, with the gateway chosen. */
  projectId?: string;
  gatewayId?: string;
  /** Highlights a row and calls back when one is picked (Settings shows its rollouts). */
  selectedId?: string | null;
  onSelect?: (firmware: Firmware) => void;
}

/** The library card. */
export function FirmwareLibrary({
  canManage,
  projectId,
  gatewayId,
  selectedId,
  onSelect,
}: FirmwareLibraryProps) {
  const orgId = useOrgId();
  const query = useListFirmwareQuery({ orgId }, { skip: !orgId });
  useErrorToast(query.error);
  const [remove] = useDeleteFirmwareMutation();
  const [uploading, setUploading] = useState(0);
  const [rollingOut, setRollingOut] = useState<Firmware | null>(null);
  const list = query.data ?? [];

  const onDelete = async (firmware: Firmware) => {
    if (!(await confirmDelete())) return;
    const result = await remove({ orgId, firmwareId: firmware.id });
    if (result.error) notifyProblem(result.error);
    else notifySuccess(`Deleted ${firmware.name} ${firmware.version}`);
  };

  return (
    <Paper withBorder radius="lg" className={classes.card} data-testid="firmware-library">
      <Group justify="space-between" p="md" className={classes.head}>
        <div>
          <Group gap="xs">
            <Text fw={650}>Firmware library</Text>
            {query.data && (
              <Badge variant="light" color="gray" radius="sm" size="sm">
                {list.length}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Files of the whole organization, kept with their checksum.
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading((n) => n + 1)} size="sm">
            Upload firmware
          </Button>
        )}
      </Group>
      {!query.data ? (
        <Stack p="md" gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={20} />
          ))}
        </Stack>
      ) : list.length === 0 ? (
        <Center py={44}>
          <EmptyState
            size="sm"
            variant="light"
            color="gray"
            icon={<IconCpu stroke={1.6} />}
            title="No firmware yet"
            description={
              canManage
                ? 'Upload a firmware file to roll it out to gateways over the air.'
                : 'Firmware files uploaded by your organization appear here.'
            }
            maw={380}
          />
        </Center>
      ) : (
        <Table verticalSpacing={8} horizontalSpacing="md" highlightOnHover={Boolean(onSelect)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={220}>Firmware</Table.Th>
              <Table.Th w={110}>Type</Table.Th>
              <Table.Th w={90}>Size</Table.Th>
              <Table.Th w={190}>SHA-256</Table.Th>
              <Table.Th w={130}>Uploaded</Table.Th>
              {canManage && <Table.Th w={150} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((firmware) => (
              <Table.Tr
                key={firmware.id}
                data-firmware={`${firmware.name} ${firmware.version}`}
                data-selected={firmware.id === selectedId || undefined}
                className={onSelect ? classes.selectable : undefined}
                onClick={onSelect ? () => onSelect(firmware) : undefined}
                tabIndex={onSelect ? 0 : undefined}
                onKeyDown={
                  onSelect
                    ? (event) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) onSelect(firmware);
                      }
                    : undefined
                }
              >
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      {firmware.name}
                    </Text>
                    <Badge
                      variant="light"
                      color="orange"
                      radius="sm"
                      tt="none"
                      size="sm"
                      style={{ flex: 'none' }}
                    >
                      v{firmware.version}
                    </Badge>
                  </Group>
                  <Tooltip label={firmware.notes} disabled={!firmware.notes} multiline maw={360} withArrow>
                    <Text size="xs" c="dimmed" truncate maw={320}>
                      {firmware.notes || firmware.filename}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={firmware.content_type} withArrow>
                    <Text
                      size="sm"
                      style={{ whiteSpace: 'nowrap' }}
                      data-content-type={firmware.content_type}
                    >
                      {firmwareTypeLabel(firmware.content_type)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" className={classes.mono} style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(firmware.size)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip
                      label={firmware.sha256}
                      withArrow
                      maw={300}
                      multiline
                      style={{ wordBreak: 'break-all' }}
                    >
                      <Text size="xs" className={classes.mono} data-testid="sha256">
                        {firmware.sha256.slice(0, 16)}…
                      </Text>
                    </Tooltip>
                    <CopyIcon value={firmware.sha256} label="SHA-256" />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <DateTime value={firmware.created_at} />
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {firmware.created_by?.name ?? '—'}
                  </Text>
                </Table.Td>
                {canManage && (
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconRocket size={14} />}
                        onClick={() => setRollingOut(firmware)}
                      >
                        Roll out
                      </Button>
                      <Tooltip label="Delete" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${firmware.name} ${firmware.version}`}
                          onClick={() => onDelete(firmware)}
                        >
                          <IconTrash size={15} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {uploading > 0 && <UploadModal key={uploading} opened onClose={() => setUploading(0)} />}
      {rollingOut && (
        <RolloutModal
          key={rollingOut.id}
          firmware={rollingOut}
          projectId={projectId}
          initialGatewayIds={gatewayId ? [gatewayId] : []}
          onClose={() => setRollingOut(null)}
        />
      )}
    </Paper>
  );
}
