/** The rule editor's form: basics, scope and condition, timing, notifications, automation. */
import {
  ALERT_GROUPINGS,
  ALERT_MEDIA,
  ALERT_SEVERITIES,
  type AlertMedium,
  type AlertSeverity,
  MEDIUM_LABELS,
  SEVERITY_COLORS,
} from '@ferrite/contracts';
import {
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { label } from '../common/Badges';
import { ActionsFields } from './ActionsFields';
import { ConditionBuilder } from './ConditionBuilder';
import { DurationInput } from './DurationInput';
import { MessageField } from './MessageField';
import { PolicyFields } from './PolicyFields';
import { RecipientsFields } from './RecipientsFields';
import type { RuleDraft } from './ruleForm';
import { ScheduleFields } from './ScheduleFields';
import { ScopePicker } from './ScopePicker';

interface RuleFormProps {
  draft: RuleDraft;
  setDraft: (change: (draft: RuleDraft) => RuleDraft) => void;
  errors: Record<string, string>;
  params: string[];
  onScopeParams: (keys: string[]) => void;
}

/** Every section of the form. */
export function RuleForm({ draft, setDraft, errors, params, onScopeParams }: RuleFormProps) {
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setData = <K extends keyof RuleDraft['data']>(key: K, value: RuleDraft['data'][K]) =>
    setDraft((d) => ({ ...d, data: { ...d.data, [key]: value } }));
  const clear = draft.data.clear;
  return (
    <Stack gap="md">
      <Fieldset legend="Rule" radius="md">
        <Stack gap="sm">
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput
              label="Rule name"
              placeholder="Pump bearing too hot"
              value={draft.rule_name}
              onChange={(e) => set('rule_name', e.currentTarget.value)}
              error={errors.rule_name}
              withAsterisk
              data-autofocus
              style={{ flex: 1, minWidth: 220 }}
            />
            <Switch
              label="Enabled"
              checked={draft.enabled}
              onChange={(e) => set('enabled', e.currentTarget.checked)}
              mt={30}
            />
          </Group>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Severity
            </Text>
            <SegmentedControl
              value={draft.severity}
              onChange={(severity) => set('severity', severity as AlertSeverity)}
              color={SEVERITY_COLORS[draft.severity]}
              data={ALERT_SEVERITIES.map((s) => ({ value: s, label: label(s) }))}
              aria-label="Severity"
              fullWidth
            />
          </div>
          <MessageField
            value={draft.message}
            onChange={(message) => set('message', message)}
            error={errors.message}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend="What it watches" radius="md">
        <Stack gap="sm">
          <ScopePicker
            value={draft.data.scope}
            onChange={(scope) => setData('scope', scope)}
            onParams={onScopeParams}
            error={
              errors['data.scope'] ?? Object.entries(errors).find(([k]) => k.startsWith('data.scope.'))?.[1]
            }
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Condition
            </Text>
            <ConditionBuilder
              value={draft.data.condition}
              onChange={(condition) => setData('condition', condition)}
              params={params}
              errorPath="data.condition"
              errors={errors}
            />
          </div>
        </Stack>
      </Fieldset>

      <Fieldset legend="When it fires and clears" radius="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            <DurationInput
              label="Pending for"
              description="The condition must hold this long (0 fires at once)"
              value={draft.data.for_s}
              onChange={(for_s) => setData('for_s', for_s)}
              error={errors['data.for_s']}
              w={340}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Clears when
              </Text>
              <SegmentedControl
                value={clear.kind}
                onChange={(kind) =>
                  setData(
                    'clear',
                    kind === 'hysteresis'
                      ? { kind, amount: 1 }
                      : kind === 'condition'
                        ? { kind, condition: { op: 'all', conditions: [{ op: 'lt', param: '', value: 0 }] } }
                        : { kind: 'inverse' },
                  )
                }
                data={[
                  { value: 'inverse', label: 'Condition stops' },
                  { value: 'hysteresis', label: 'Back past by…' },
                  { value: 'condition', label: 'Own condition' },
                ]}
                aria-label="Clears when"
              />
            </div>
            {clear.kind === 'hysteresis' && (
              <NumberInput
                label="Hysteresis"
                value={clear.amount}
                min={0}
                onChange={(v) =>
                  setData('clear', { kind: 'hysteresis', amount: typeof v === 'number' ? v : Number(v) || 0 })
                }
                error={errors['data.clear.amount']}
                w={120}
              />
            )}
          </Group>
          {clear.kind === 'condition' && (
            <ConditionBuilder
              value={clear.condition}
              onChange={(condition) => setData('clear', { kind: 'condition', condition })}
              params={params}
              errorPath="data.clear.condition"
              errors={errors}
            />
          )}
          <ScheduleFields
            value={draft.data.schedule}
            onChange={(schedule) => setData('schedule', schedule)}
            errors={errors}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend="Who is told, and how" radius="md">
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <Checkbox.Group
              label="Media"
              value={draft.media}
              onChange={(media) => set('media', media as AlertMedium[])}
              error={errors.media}
            >
              <Group gap="md" mt={6}>
                {ALERT_MEDIA.map((medium) => (
                  <Checkbox key={medium} value={medium} label={MEDIUM_LABELS[medium]} />
                ))}
              </Group>
            </Checkbox.Group>
            <div>
              <Text size="sm" fw={500} mb={4}>
                One alert per
              </Text>
              <SegmentedControl
                size="xs"
                value={draft.grouping}
                onChange={(grouping) => set('grouping', grouping as RuleDraft['grouping'])}
                data={ALERT_GROUPINGS.map((g) => ({ value: g, label: label(g) }))}
                aria-label="One alert per"
              />
            </div>
          </Group>
          <RecipientsFields
            value={draft.recipients}
            onChange={(recipients) => set('recipients', recipients)}
            errorPath="recipients"
            errors={errors}
          />
          <Text size="sm" fw={500}>
            Policy
          </Text>
          <PolicyFields value={draft.policy} onChange={(policy) => set('policy', policy)} errors={errors} />
        </Stack>
      </Fieldset>

      <Fieldset legend="Automation" radius="md">
        <ActionsFields
          value={draft.actions}
          onChange={(actions) => set('actions', actions)}
          errors={errors}
        />
      </Fieldset>
    </Stack>
  );
}
