/**
 * Import into a project: drop or pick a CSV or JSON file, download a template, send it. The server
 * writes every row or none; a refused file shows its per-row report here, a good one a toast with counts.
 */
import { IMPORT_CSV_COLUMNS, type ImportReport as Report } from '@ferrite/contracts';
import { Alert, Anchor, Badge, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { notifySuccess } from '../../../session/notify';
import { useImportHierarchyMutation } from '../api/hierarchyApi';
import { plural } from '../common/format';
import { useOrgId } from '../hooks';
import classes from './Import.module.css';
import { ImportReport } from './ImportReport';
import { CSV_TEMPLATE, type ReadyImport, readImportFile, saveText } from './importFile';

interface ImportDialogProps {
  opened: boolean;
  onClose: () => void;
  project: { id: string; name: string };
}

/** The dialog; the caller keys it per opening so it starts empty. */
export function ImportDialog({ opened, onClose, project }: ImportDialogProps) {
  const orgId = useOrgId();
  const [send, { isLoading }] = useImportHierarchyMutation();
  const [file, setFile] = useState<{ name: string; size: number; ready: ReadyImport } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (picked: File | null | undefined) => {
    setReport(null);
    setProblem(null);
    setFileError(null);
    setFile(null);
    if (!picked) return;
    try {
      setFile({
        name: picked.name,
        size: picked.size,
        ready: readImportFile(picked.name, await picked.text()),
      });
    } catch (error) {
      setFileError((error as Error).message);
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const submit = async () => {
    if (!file) return;
    setProblem(null);
    const result = await send({ orgId, projectId: project.id, body: file.ready.body });
    if (result.error) {
      setProblem(result.error as ApiProblem);
      return;
    }
    if (result.data.errors.length > 0) {
      setReport(result.data);
      return;
    }
    notifySuccess(
      'Import finished',
      `Created ${plural(result.data.created, 'entity', 'entities')} from ${plural(result.data.rows, 'row')} in ${project.name}`,
    );
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Import into ${project.name}`}
      size="xl"
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A CSV with the columns{' '}
          <Text span ff="monospace" size="xs">
            {IMPORT_CSV_COLUMNS.join(', ')}
          </Text>{' '}
          (plus{' '}
          <Text span ff="monospace" size="xs">
            meta.&lt;key&gt;
          </Text>{' '}
          columns), or a JSON export. Rows name their type;{' '}
          <Text span ff="monospace" size="xs">
            parent_ref
          </Text>{' '}
          points at another row's ref.{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => saveText('hierarchy-template.csv', CSV_TEMPLATE, 'text/csv')}
          >
            <Group gap={4} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
              <IconDownload size={14} /> Download the CSV template
            </Group>
          </Anchor>
        </Text>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the Choose button is the keyboard way in. */}
        <div
          className={classes.drop}
          data-dragging={dragging || undefined}
          data-testid="import-drop"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconUpload size={28} stroke={1.5} className={classes.dropIcon} />
          <Text fw={500}>Drop a .csv or .json file here</Text>
          <FileButton onChange={(picked) => void take(picked)} accept=".csv,.json,text/csv,application/json">
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                mt={6}
                leftSection={<IconFileSpreadsheet size={14} />}
              >
                Choose file
              </Button>
            )}
          </FileButton>
        </div>
        {file && (
          <Group gap="xs" data-testid="import-file">
            <IconFileImport size={16} />
            <Text size="sm" fw={500}>
              {file.name}
            </Text>
            <Badge variant="light" radius="sm">
              {file.ready.format.toUpperCase()}
            </Badge>
            <Text size="sm" c="dimmed">
              {plural(file.ready.rows, 'row')} · {(file.size / 1024).toFixed(1)} KB
            </Text>
          </Group>
        )}
        {fileError && (
          <Alert color="red" variant="light" title="This file cannot be imported">
            {fileError}
          </Alert>
        )}
        {problem && (
          <Alert color="red" variant="light" title={problem.title}>
            {problem.detail}
          </Alert>
        )}
        {report && <ImportReport report={report} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {report ? 'Close' : 'Cancel'}
          </Button>
          <Button
            onClick={submit}
            disabled={!file || report !== null}
            loading={isLoading}
            leftSection={<IconFileImport size={16} />}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
