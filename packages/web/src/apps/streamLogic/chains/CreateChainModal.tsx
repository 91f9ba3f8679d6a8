/** The "New chain" form: a name and a description; the chain opens in the editor once created. */
import type { Pipeline } from '@ferrite/contracts';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldErrorsOf, problemOf } from '../../../ui/appHooks';
import { useCreateChainMutation } from '../api/pipelinesApi';
import { notifyProblem, useOrgId } from '../hooks';

interface CreateChainModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (chain: Pipeline) => void;
}

/** A modal that creates a chain in a project. */
export function CreateChainModal({ projectId, opened, onClose, onCreated }: CreateChainModalProps) {
  const orgId = useOrgId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isLoading }] = useCreateChainMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Name is required' });
    try {
      const chain = await create({ orgId, projectId, body: { name: name.trim(), description } }).unwrap();
      setName('');
      setDescription('');
      setErrors({});
      onCreated(chain);
    } catch (error) {
      const fields = fieldErrorsOf(problemOf(error));
      setErrors(fields);
      if (!Object.keys(fields).length) notifyProblem(error);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New logic chain" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            placeholder="e.g. Pump vibration watch"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
            required
          />
          <Textarea
            label="Description"
            placeholder="What this chain does"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Create and open
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
