/**
 * Two small dialogs the detail page asks with: a name (new or renamed panel, subpanel) and a choice
 * from a list (copy widgets to a panel, move a widget into a subpanel).
 */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

export interface NamePrompt {
  title: string;
  label: string;
  initial: string;
  confirmLabel: string;
  onSubmit: (name: string) => Promise<boolean>;
}

/** Asks for a name; closes once `onSubmit` resolved true. */
export function NameModal({ prompt, onClose }: { prompt: NamePrompt | null; onClose: () => void }) {
  return (
    <Modal
      opened={prompt !== null}
      onClose={onClose}
      title={prompt?.title}
      radius="lg"
      centered
      keepMounted={false}
    >
      {prompt ? <NameForm key={prompt.title + prompt.initial} prompt={prompt} onClose={onClose} /> : null}
    </Modal>
  );
}

function NameForm({ prompt, onClose }: { prompt: NamePrompt; onClose: () => void }) {
  const [name, setName] = useState(prompt.initial);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (!trimmed) return;
        setBusy(true);
        const ok = await prompt.onSubmit(trimmed);
        setBusy(false);
        if (ok) onClose();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={prompt.label}
          value={name}
          maxLength={120}
          data-autofocus
          error={name && !trimmed ? 'Please enter a name' : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!trimmed}>
            {prompt.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface ChoicePrompt {
  title: string;
  label: string;
  options: { value: string; label: string }[];
  initial?: string;
  confirmLabel: string;
  onSubmit: (value: string) => Promise<boolean>;
}

/** Asks for one of a list. */
export function ChoiceModal({ prompt, onClose }: { prompt: ChoicePrompt | null; onClose: () => void }) {
  return (
    <Modal
      opened={prompt !== null}
      onClose={onClose}
      title={prompt?.title}
      radius="lg"
      centered
      keepMounted={false}
    >
      {prompt ? <ChoiceForm key={prompt.title} prompt={prompt} onClose={onClose} /> : null}
    </Modal>
  );
}

function ChoiceForm({ prompt, onClose }: { prompt: ChoicePrompt; onClose: () => void }) {
  const [value, setValue] = useState<string | null>(prompt.initial ?? prompt.options[0]?.value ?? null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="md">
      <Select
        label={prompt.label}
        data={prompt.options}
        value={value}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={setValue}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={busy}
          disabled={value === null}
          onClick={async () => {
            if (value === null) return;
            setBusy(true);
            const ok = await prompt.onSubmit(value);
            setBusy(false);
            if (ok) onClose();
          }}
        >
          {prompt.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
