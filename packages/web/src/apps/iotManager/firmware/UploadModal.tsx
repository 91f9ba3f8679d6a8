/** Upload a firmware file with its name, version and notes (checked with firmwareUploadQuerySchema). */
import { FIRMWARE_MAX_BYTES, firmwareUploadQuerySchema } from '@ferrite/contracts';
import { Button, FileInput, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { useUploadFirmwareMutation } from '../api/firmwareApi';
import { formatBytes } from '../common/format';
import { fieldErrorsOf, notifyProblem, problemOf, useOrgId } from '../hooks';

type Field = 'name' | 'version' | 'notes' | 'file';

/** The modal; re-keyed by the caller per opening so it starts empty. */
export function UploadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const orgId = useOrgId();
  const [upload, { isLoading }] = useUploadFirmwareMutation();
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async () => {
    const next: Partial<Record<Field, string>> = {};
    const checked = firmwareUploadQuerySchema.safeParse({
      name,
      version,
      notes,
      filename: file?.name || undefined,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) next[issue.path[0] as Field] ??= issue.message;
    }
    if (!file) next.file = 'Please choose a firmware file';
    else if (file.size === 0) next.file = 'The file is empty';
    else if (file.size > FIRMWARE_MAX_BYTES)
      next.file = `The file is larger than ${formatBytes(FIRMWARE_MAX_BYTES)}`;
    setErrors(next);
    if (Object.keys(next).length > 0 || !file || !checked.success) return;
    const result = await upload({
      orgId,
      name: checked.data.name,
      version: checked.data.version,
      notes: checked.data.notes,
      file,
    });
    if (result.error) {
      const fields = fieldErrorsOf(problemOf(result.error));
      const mapped = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k.replace(/^querystring\.?/, ''), v]),
      );
      if (Object.keys(mapped).length > 0) setErrors(mapped);
      notifyProblem(result.error);
      return;
    }
    notifySuccess(
      `Uploaded ${result.data.name} ${result.data.version}`,
      `${formatBytes(result.data.size)}, sha256 ${result.data.sha256.slice(0, 12)}…`,
    );
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Upload firmware" centered radius="lg" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <FileInput
            label="File"
            placeholder="Choose a .bin, .hex or image file"
            leftSection={<IconUpload size={16} />}
            value={file}
            onChange={(value) => {
              setFile(value);
              setErrors((e) => ({ ...e, file: undefined }));
              if (value && !name) setName(value.name.replace(/\.[^.]+$/, ''));
            }}
            error={errors.file}
            description={`Up to ${formatBytes(FIRMWARE_MAX_BYTES)}; its SHA-256 is computed on upload`}
            clearable
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Name"
              placeholder="e.g. edge-agent"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              required
            />
            <TextInput
              label="Version"
              placeholder="e.g. 2.4.1"
              value={version}
              onChange={(e) => setVersion(e.currentTarget.value)}
              error={errors.version}
              required
            />
          </SimpleGrid>
          <Textarea
            label="Release notes"
            autosize
            minRows={3}
            maxRows={8}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={errors.notes}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading} leftSection={<IconUpload size={16} />}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
