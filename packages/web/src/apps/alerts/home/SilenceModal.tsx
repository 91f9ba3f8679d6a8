/** Creates a silence: what it mutes (a rule, an asset or a sensor), from when to when, and why. */
import type { SilenceMatcher } from '@ferrite/contracts';
import { Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useListRulesQuery } from '../api/rulesApi';
import { useCreateSilenceMutation } from '../api/silencesApi';
import { EntityPicker } from '../common/EntityPicker';
import { fieldErrorsOf, problemOf, useOrgId } from '../hooks';

type Kind = SilenceMatcher['kind'];

/** A datetime-local input's value for a moment (local time, minutes). */
export function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function matcherOf(kind: Kind, id: string): SilenceMatcher {
  if (kind === 'rule') return { kind, rule_id: id };
  if (kind === 'asset') return { kind, asset_id: id };
  return { kind, sensor_id: id };
}

/** The modal. */
export function SilenceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const orgId = useOrgId();
  const [kind, setKind] = useState<Kind>('rule');
  const [target, setTarget] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState(() => localInput(new Date()));
  const [endsAt, setEndsAt] = useState(() => localInput(new Date(Date.now() + 2 * 3_600_000)));
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isLoading }] = useCreateSilenceMutation();
  const rules = useListRulesQuery(
    { orgId, tab: 'active', page: 1, pageSize: 200 },
    { skip: !orgId || !opened },
  );

  const save = async () => {
    if (!target) {
      setErrors({ matcher: `Please choose a ${kind}` });
      return;
    }
    try {
      await create({
        orgId,
        body: {
          matcher: matcherOf(kind, target),
          starts_at: new Date(startsAt).toISOString(),
          ends_at: new Date(endsAt).toISOString(),
          comment,
        },
      }).unwrap();
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(problemOf(error));
      setErrors(Object.keys(fields).length ? fields : { form: problemOf(error).title });
    }
  };
  const matcherError = errors.matcher ?? Object.entries(errors).find(([k]) => k.startsWith('matcher'))?.[1];
  return (
    <Modal opened={opened} onClose={onClose} title="New silence" radius="lg" size="lg">
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setTarget(null);
          }}
          data={[
            { value: 'rule', label: 'A rule' },
            { value: 'asset', label: 'An asset' },
            { value: 'sensor', label: 'A sensor' },
          ]}
          aria-label="What the silence mutes"
        />
        {kind === 'rule' ? (
          <Select
            label="Rule"
            data={(rules.data?.rules ?? []).map((r) => ({ value: r.id, label: r.rule_name }))}
            value={target}
            onChange={setTarget}
            searchable
            placeholder="Choose a rule"
            error={matcherError}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <EntityPicker kind={kind} value={target} onChange={(id) => setTarget(id)} error={matcherError} />
        )}
        <Group grow>
          <TextInput
            type="datetime-local"
            label="Starts"
            value={startsAt}
            onChange={(e) => setStartsAt(e.currentTarget.value)}
            error={errors.starts_at}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            value={endsAt}
            onChange={(e) => setEndsAt(e.currentTarget.value)}
            error={errors.ends_at}
          />
        </Group>
        <TextInput
          label="Comment"
          placeholder="Pump P-101 maintenance"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          error={errors.comment ?? errors.form}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={isLoading}>
            Create silence
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
