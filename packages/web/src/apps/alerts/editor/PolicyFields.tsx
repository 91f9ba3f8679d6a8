/**
 * How notifications are paced (the rule's policy): its name, group wait and interval, repeat interval,
 * and escalation steps (after how long unacknowledged, by which media, to whom).
 */
import { ALERT_MEDIA, type EscalationStep, MEDIUM_LABELS, type RulePolicy } from '@ferrite/contracts';
import { ActionIcon, Button, Chip, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DurationInput } from './DurationInput';
import { firstErrorUnder, RecipientsFields } from './RecipientsFields';

interface PolicyFieldsProps {
  value: RulePolicy;
  onChange: (policy: RulePolicy) => void;
  errors: Record<string, string>;
}

/** The policy's fields. */
export function PolicyFields({ value, onChange, errors }: PolicyFieldsProps) {
  const setStep = (index: number, step: EscalationStep | null) => {
    const escalation = [...value.escalation];
    if (step) escalation[index] = step;
    else escalation.splice(index, 1);
    onChange({ ...value, escalation });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="xs">
        <TextInput
          label="Policy name"
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
          error={errors['policy.name']}
        />
        <DurationInput
          label="Group wait"
          value={value.group_wait_s}
          onChange={(group_wait_s) => onChange({ ...value, group_wait_s })}
          error={errors['policy.group_wait_s']}
        />
        <DurationInput
          label="Group interval"
          value={value.group_interval_s}
          onChange={(group_interval_s) => onChange({ ...value, group_interval_s })}
          error={errors['policy.group_interval_s']}
        />
        <DurationInput
          label="Repeat every"
          description="0 never repeats"
          value={value.repeat_interval_s}
          onChange={(repeat_interval_s) => onChange({ ...value, repeat_interval_s })}
          error={errors['policy.repeat_interval_s']}
        />
      </SimpleGrid>
      {value.escalation.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no ids; their order is their identity.
        <Paper key={index} withBorder radius="md" p="xs" data-escalation-step={index + 1}>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              Step {index + 1}: when still unacknowledged
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove step ${index + 1}`}
              onClick={() => setStep(index, null)}
            >
              <IconTrash size={15} />
            </ActionIcon>
          </Group>
          <Group align="flex-end" gap="md" mb="xs">
            <DurationInput
              label="after"
              value={step.after_s}
              onChange={(after_s) => setStep(index, { ...step, after_s })}
              error={errors[`policy.escalation.${index}.after_s`]}
              w={200}
            />
            <Chip.Group
              multiple
              value={step.media}
              onChange={(media) => setStep(index, { ...step, media: media as EscalationStep['media'] })}
            >
              <Group gap={6}>
                {ALERT_MEDIA.map((medium) => (
                  <Chip key={medium} value={medium} size="xs">
                    {MEDIUM_LABELS[medium]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Group>
          {firstErrorUnder(errors, `policy.escalation.${index}.media`) && (
            <Text size="xs" c="red">
              {firstErrorUnder(errors, `policy.escalation.${index}.media`)}
            </Text>
          )}
          <RecipientsFields
            value={step.recipients}
            onChange={(recipients) => setStep(index, { ...step, recipients })}
            errorPath={`policy.escalation.${index}.recipients`}
            errors={errors}
          />
        </Paper>
      ))}
      {value.escalation.length < 5 && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange({
                ...value,
                escalation: [
                  ...value.escalation,
                  {
                    after_s: 900 * (value.escalation.length + 1),
                    media: ['email'],
                    recipients: { user_ids: [], group_ids: [], addresses: [] },
                  },
                ],
              })
            }
          >
            Escalation step
          </Button>
        </Group>
      )}
    </Stack>
  );
}
