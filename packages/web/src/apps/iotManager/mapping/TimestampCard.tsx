/**
 * Where a reading's time comes from: a field (JSON path) in one of three formats, or the server's
 * receive time when no field is set. Saved on the gateway (PUT) by itself. It states the duplicate
 * policy too (the first reading for a time is kept), since the field chosen here decides it.
 */
import {
  type Gateway,
  TIMESTAMP_FORMAT_LABELS,
  TIMESTAMP_FORMATS,
  type TimestampFormat,
} from '@ferrite/contracts';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { useUpdateGatewayMutation } from '../api/gatewaysApi';
import { gatewayBody } from '../gateways/gatewayForm';
import { notifyProblem, useOrgId } from '../hooks';
import classes from './Mapping.module.css';
import { pathError } from './PathPicker';

type Source = 'server' | 'field';

const EXAMPLES: Record<TimestampFormat, string> = {
  iso8601: '"ts": "2026-05-01T12:00:00Z"',
  epoch_s: '"ts": 1777636800',
  epoch_ms: '"ts": 1777636800000',
};

/** The card. */
export function TimestampCard({ gateway, canManage }: { gateway: Gateway; canManage: boolean }) {
  const orgId = useOrgId();
  const [update, { isLoading }] = useUpdateGatewayMutation();
  const saved = gateway.timestamp_mapping;
  const [source, setSource] = useState<Source>(saved.field ? 'field' : 'server');
  const [field, setField] = useState(saved.field ?? '');
  const [format, setFormat] = useState<TimestampFormat>(saved.format);
  const serverTime = source === 'server';
  const error = serverTime ? null : field.trim() ? pathError(field) : 'Please enter the timestamp field';
  const next = serverTime ? { field: null, format: saved.format } : { field: field.trim(), format };
  const dirty = next.field !== saved.field || (!serverTime && next.format !== saved.format);

  const save = async () => {
    if (error) return;
    const result = await update({
      orgId,
      gatewayId: gateway.id,
      body: gatewayBody(gateway, { timestamp_mapping: next }),
    });
    if (result.error) notifyProblem(result.error);
    else notifySuccess('Timestamp mapping saved');
  };

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card} data-testid="timestamp-card">
      <Group gap="sm" mb="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="orange" size={34} radius="md">
          <IconClock size={18} />
        </ThemeIcon>
        <div>
          <Text fw={650}>Timestamp</Text>
          <Text size="xs" c="dimmed">
            Which field of a reading holds its time. Without one, each reading is stamped when it arrives, to
            the microsecond. A parameter keeps one value per time: a reading with a time already stored is not
            kept (the first one is), and the answer and the log say so.
          </Text>
        </div>
      </Group>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Timestamp source"
          data={[
            { value: 'server', label: 'Server receive time' },
            { value: 'field', label: 'A field of the reading' },
          ]}
          value={source}
          onChange={(value) => setSource(value as Source)}
          disabled={!canManage}
          fullWidth
          size="xs"
        />
        {!serverTime && (
          <Group gap="sm" align="flex-start" grow wrap="nowrap">
            <TextInput
              label="Timestamp field"
              placeholder="ts"
              value={field}
              onChange={(event) => setField(event.currentTarget.value)}
              error={field ? error : undefined}
              readOnly={!canManage}
              classNames={{ input: classes.mono }}
            />
            <Select
              label="Format"
              data={TIMESTAMP_FORMATS.map((f) => ({ value: f, label: TIMESTAMP_FORMAT_LABELS[f] }))}
              value={format}
              onChange={(value) => value && setFormat(value as TimestampFormat)}
              allowDeselect={false}
              readOnly={!canManage}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        )}
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed" className={serverTime ? undefined : classes.mono}>
            {serverTime ? 'Readings are stamped the moment they reach Ferrite.' : `e.g. ${EXAMPLES[format]}`}
          </Text>
          {canManage && (
            <Button
              size="xs"
              onClick={save}
              loading={isLoading}
              disabled={!dirty || Boolean(error)}
              style={{ flex: 'none' }}
            >
              Save timestamp
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
