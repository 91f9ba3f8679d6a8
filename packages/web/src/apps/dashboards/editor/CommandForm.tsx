/**
 * A command widget's settings: the gateway it actuates (GET /gateways), the command name, its title,
 * what each kind offers (button label, switch labels, slider and set-point range and unit) and the
 * confirmation asked before it sends (spec §5 confirmations).
 */
import {
  COMMAND_WIDGET_TYPES,
  type CommandWidgetBody,
  type CommandWidgetKind,
  DEFAULT_COMMAND_CONFIRMATION,
} from '@ferrite/contracts';
import {
  Badge,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useListDashboardGatewaysQuery } from '../api/widgetsApi';
import { useOrgId } from '../hooks';

/** The form's values: the POST body less layout and subpanel. */
export interface CommandDraft {
  kind: CommandWidgetKind;
  title: string;
  gateway_id: string | null;
  command_name: string;
  confirmation_text: string;
  settings: {
    min: number;
    max: number;
    step: number;
    unit: string;
    on_label: string;
    off_label: string;
    button_label: string;
  };
}

/** A new widget of a kind with the contract's defaults. */
export function newCommandDraft(kind: CommandWidgetKind): CommandDraft {
  return {
    kind,
    title: '',
    gateway_id: null,
    command_name: 'set_value',
    confirmation_text: DEFAULT_COMMAND_CONFIRMATION,
    settings: { min: 0, max: 100, step: 1, unit: '', on_label: 'On', off_label: 'Off', button_label: 'Send' },
  };
}

/** Why the draft cannot be saved yet, or null. */
export function commandDraftProblem(draft: CommandDraft): string | null {
  if (!draft.gateway_id) return 'Please choose a gateway';
  if (!/^[\w.:-]+$/.test(draft.command_name.trim()))
    return 'A command name holds letters, digits and _ . : - only';
  if (draft.settings.min >= draft.settings.max) return 'Max must be greater than min';
  return null;
}

/** The POST/PUT body of a draft. */
export function commandBody(
  draft: CommandDraft,
  extra: Pick<CommandWidgetBody, 'subpanel_id' | 'layout'>,
): CommandWidgetBody {
  return {
    kind: draft.kind,
    title: draft.title.trim(),
    gateway_id: draft.gateway_id ?? '',
    command_name: draft.command_name.trim(),
    confirmation_text: draft.confirmation_text.trim(),
    settings: draft.settings,
    ...extra,
  };
}

interface CommandFormProps {
  draft: CommandDraft;
  onChange: (draft: CommandDraft) => void;
}

/** The form. */
export function CommandForm({ draft, onChange }: CommandFormProps) {
  const orgId = useOrgId();
  const gateways = useListDashboardGatewaysQuery({ orgId }, { skip: !orgId });
  const type = COMMAND_WIDGET_TYPES.find((t) => t.kind === draft.kind);
  const set = (patch: Partial<CommandDraft>) => onChange({ ...draft, ...patch });
  const setting = (patch: Partial<CommandDraft['settings']>) =>
    set({ settings: { ...draft.settings, ...patch } });
  const ranged = draft.kind === 'slider' || draft.kind === 'set_point';
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {type?.description}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Gateway"
          placeholder={gateways.isLoading ? 'Loading…' : 'Choose a gateway'}
          required
          searchable
          nothingFoundMessage="No gateway"
          value={draft.gateway_id}
          data={(gateways.data?.gateways ?? []).map((g) => ({
            value: g.id,
            label: `${g.name} · ${g.project.name}`,
          }))}
          renderOption={({ option }) => {
            const gateway = gateways.data?.gateways.find((g) => g.id === option.value);
            return (
              <Group gap="xs" justify="space-between" w="100%" wrap="nowrap">
                <Text size="sm" truncate>
                  {option.label}
                </Text>
                {gateway ? (
                  <Badge size="xs" variant="light" color={gateway.status === 'online' ? 'teal' : 'gray'}>
                    {gateway.status}
                  </Badge>
                ) : null}
              </Group>
            );
          }}
          onChange={(gateway_id) => set({ gateway_id })}
        />
        <TextInput
          label="Command"
          description="The name the device receives"
          required
          value={draft.command_name}
          onChange={(e) => set({ command_name: e.currentTarget.value })}
        />
        <TextInput
          label="Title"
          value={draft.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
        />
        {draft.kind === 'button' ? (
          <TextInput
            label="Button label"
            value={draft.settings.button_label}
            onChange={(e) => setting({ button_label: e.currentTarget.value })}
          />
        ) : null}
        {draft.kind === 'switch' ? (
          <Group grow gap="sm">
            <TextInput
              label="On label"
              value={draft.settings.on_label}
              onChange={(e) => setting({ on_label: e.currentTarget.value })}
            />
            <TextInput
              label="Off label"
              value={draft.settings.off_label}
              onChange={(e) => setting({ off_label: e.currentTarget.value })}
            />
          </Group>
        ) : null}
      </SimpleGrid>
      {ranged ? (
        <SimpleGrid cols={4} spacing="sm">
          <NumberInput
            label="Min"
            value={draft.settings.min}
            onChange={(v) => setting({ min: Number(v) || 0 })}
          />
          <NumberInput
            label="Max"
            value={draft.settings.max}
            onChange={(v) => setting({ max: Number(v) || 0 })}
          />
          <NumberInput
            label="Step"
            min={0.001}
            value={draft.settings.step}
            onChange={(v) => setting({ step: Math.max(0.001, Number(v) || 1) })}
          />
          <TextInput
            label="Unit"
            value={draft.settings.unit}
            onChange={(e) => setting({ unit: e.currentTarget.value })}
          />
        </SimpleGrid>
      ) : null}
      <Textarea
        label="Confirmation"
        description="Asked before every send; the value is added to it"
        autosize
        minRows={1}
        value={draft.confirmation_text}
        onChange={(e) => set({ confirmation_text: e.currentTarget.value })}
      />
    </Stack>
  );
}
