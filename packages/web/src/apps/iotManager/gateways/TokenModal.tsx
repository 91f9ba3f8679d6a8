/**
 * The access token of a new or rotated gateway, in full, the only time it is ever shown (contracts
 * gatewayWithTokenSchema): a copy button, the warning, and nothing that shows it again after closing.
 */
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

export interface ShownToken {
  gatewayName: string;
  token: string;
  /** 'created' after create, 'rotated' after a new token replaced the old one. */
  reason: 'created' | 'rotated';
}

interface TokenModalProps {
  shown: ShownToken | null;
  onClose: () => void;
}

/** Open while `shown` is set; closing forgets the token for good. */
export function TokenModal({ shown, onClose }: TokenModalProps) {
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={
        <Group gap="xs">
          <IconKey size={18} />
          <Text fw={650}>{shown?.reason === 'rotated' ? 'New access token' : 'Gateway created'}</Text>
        </Group>
      }
      centered
      radius="lg"
      size="lg"
      closeOnClickOutside={false}
      data-testid="token-modal"
    >
      {shown && (
        <Stack gap="md">
          <Text size="sm">
            {shown.reason === 'rotated'
              ? `The old token of ${shown.gatewayName} no longer works. Devices must use this one from now on.`
              : `${shown.gatewayName} is ready. Devices authenticate with this access token (MQTT password, or HTTP/CoAP bearer).`}
          </Text>
          <Code block data-testid="access-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {shown.token}
          </Code>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Copy it now">
            This token will not be shown again. If it is lost, rotate the gateway's token to get a new one.
          </Alert>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={shown.token} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>I have saved it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
