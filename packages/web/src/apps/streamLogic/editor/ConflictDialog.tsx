/** The 409 of a deploy: "Changed by X at T", with Reload (lose this edit, open the current revision). */
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { DateTime } from '../../../ui/time';
import type { StaleNews } from './deployErrors';

interface ConflictDialogProps {
  news: StaleNews | null;
  onReload: () => void;
  onClose: () => void;
}

/** Says who changed the chain and when, and offers to reload it. */
export function ConflictDialog({ news, onReload, onClose }: ConflictDialogProps) {
  return (
    <Modal opened={!!news} onClose={onClose} title="This chain changed since you opened it" centered>
      {news && (
        <>
          <Alert color="orange" variant="light" icon={<IconGitMerge size={18} />} mb="md">
            <Text size="sm" fw={600} data-testid="conflict-who">
              Changed by {news.by ?? 'someone else'}
              {news.at && (
                <>
                  {' at '}
                  <DateTime value={news.at} withTime />
                </>
              )}
              {news.revision !== null && ` (revision ${news.revision})`}
            </Text>
            <Text size="sm" mt={4}>
              {news.message}
            </Text>
          </Alert>
          <Text size="sm" c="dimmed">
            Reload to open their version; your unsaved changes here will be lost. Or keep editing and copy
            what you need first (Ctrl+C copies the selected nodes).
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Keep editing
            </Button>
            <Button onClick={onReload}>Reload</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
