/**
 * Automation on fire or on clear: a command to a gateway (through the IoT Manager), a signed webhook,
 * or a value written to a (virtual) sensor.
 */
import type { RuleAction } from '@ferrite/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useAlertGatewaysQuery, useAlertProjectsQuery } from '../api/pickersApi';
import { EntityPicker } from '../common/EntityPicker';
import { useOrgId } from '../hooks';

const EMPTY_ID = '';

/** A new action of a kind. */
export function newAction(kind: RuleAction['kind']): RuleAction {
  if (kind === 'command') return { kind, on: 'fire', gateway_id: EMPTY_ID, name: '', value: true };
  if (kind === 'webhook') return { kind, on: 'fire', url: '' };
  return { kind, on: 'fire', sensor_id: EMPTY_ID, param_key: '', value: 1 };
}

function GatewayPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const orgId = useOrgId();
  const projects = useAlertProjectsQuery({ orgId }, { skip: !orgId });
  const [projectId, setProjectId] = useState<string | null>(projects.data?.projects[0]?.id ?? null);
  const shownProject = projectId ?? projects.data?.projects[0]?.id ?? null;
  const gateways = useAlertGatewaysQuery(
    { orgId, projectId: shownProject ?? '' },
    { skip: !orgId || !shownProject },
  );
  return (
    <Group gap="xs" grow>
      <Select
        size="xs"
        label="Project"
        data={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={shownProject}
        onChange={setProjectId}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        size="xs"
        label="Gateway"
        data={(gateways.data?.gateways ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={value || null}
        onChange={(id) => onChange(id ?? '')}
        placeholder={gateways.isError ? 'Cannot list gateways' : 'Choose a gateway'}
        error={error}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}

function ActionBody({
  action,
  onChange,
  errorOf,
}: {
  action: RuleAction;
  onChange: (a: RuleAction) => void;
  errorOf: (f: string) => string | undefined;
}) {
  if (action.kind === 'webhook')
    return (
      <TextInput
        size="xs"
        label="URL (POSTed the alert as JSON, signed with X-Ferrite-Signature)"
        placeholder="https://example.com/hooks/ferrite"
        value={action.url}
        onChange={(e) => onChange({ ...action, url: e.currentTarget.value })}
        error={errorOf('url')}
      />
    );
  if (action.kind === 'command')
    return (
      <Stack gap={4}>
        <GatewayPicker
          value={action.gateway_id}
          onChange={(gateway_id) => onChange({ ...action, gateway_id })}
          error={errorOf('gateway_id')}
        />
        <Group gap="xs" grow>
          <TextInput
            size="xs"
            label="Command"
            placeholder="pump.stop"
            value={action.name}
            onChange={(e) => onChange({ ...action, name: e.currentTarget.value })}
            error={errorOf('name')}
          />
          <TextInput
            size="xs"
            label="Value (JSON)"
            defaultValue={JSON.stringify(action.value ?? null)}
            onBlur={(e) => {
              try {
                onChange({ ...action, value: JSON.parse(e.currentTarget.value) });
              } catch {
                onChange({ ...action, value: e.currentTarget.value });
              }
            }}
            error={errorOf('value')}
          />
        </Group>
      </Stack>
    );
  return (
    <Stack gap={4}>
      <EntityPicker
        kind="sensor"
        value={action.sensor_id || null}
        onChange={(id) => onChange({ ...action, sensor_id: id ?? '' })}
        error={errorOf('sensor_id')}
      />
      <Group gap="xs" grow>
        <TextInput
          size="xs"
          label="Parameter"
          value={action.param_key}
          onChange={(e) => onChange({ ...action, param_key: e.currentTarget.value })}
          error={errorOf('param_key')}
        />
        <NumberInput
          size="xs"
          label="Value"
          value={action.value}
          onChange={(v) => onChange({ ...action, value: typeof v === 'number' ? v : Number(v) || 0 })}
          error={errorOf('value')}
        />
      </Group>
    </Stack>
  );
}

const KIND_LABELS: Record<RuleAction['kind'], string> = {
  command: 'Command to a gateway',
  webhook: 'Webhook',
  virtual_sensor: 'Write to a virtual sensor',
};

/** The list of actions and the "add" menu. */
export function ActionsFields({
  value,
  onChange,
  errors,
}: {
  value: RuleAction[];
  onChange: (actions: RuleAction[]) => void;
  errors: Record<string, string>;
}) {
  const set = (index: number, action: RuleAction | null) => {
    const next = [...value];
    if (action) next[index] = action;
    else next.splice(index, 1);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No automation. Add a command, a webhook or a virtual sensor write to run when the alert fires or
          clears.
        </Text>
      )}
      {value.map((action, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: actions have no ids; their order is their identity.
        <Paper key={index} withBorder radius="md" p="xs" data-rule-action={action.kind}>
          <Group justify="space-between" mb={4}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {KIND_LABELS[action.kind]}
              </Text>
              <Select
                size="xs"
                aria-label="When"
                data={[
                  { value: 'fire', label: 'on fire' },
                  { value: 'clear', label: 'on clear' },
                ]}
                value={action.on}
                onChange={(on) => set(index, { ...action, on: (on as 'fire' | 'clear') ?? 'fire' })}
                allowDeselect={false}
                w={100}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${KIND_LABELS[action.kind]}`}
              onClick={() => set(index, null)}
            >
              <IconTrash size={15} />
            </ActionIcon>
          </Group>
          <ActionBody
            action={action}
            onChange={(next) => set(index, next)}
            errorOf={(field) => errors[`actions.${index}.${field}`]}
          />
        </Paper>
      ))}
      {value.length < 10 && (
        <Group>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />}>
                Automation
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(Object.keys(KIND_LABELS) as RuleAction['kind'][]).map((kind) => (
                <Menu.Item key={kind} onClick={() => onChange([...value, newAction(kind)])}>
                  {KIND_LABELS[kind]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Stack>
  );
}
