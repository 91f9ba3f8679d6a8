/**
 * The one time a link's password is shown (it is stored hashed): the address and the password with
 * copy buttons and a plain warning that it will not be shown again.
 */
import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          data-testid={testId}
        >
          {value}
        </Code>
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withinPortal>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={`Copy ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/** The link and its new password. */
export function SecretReveal({ link, password }: { link: string; password: string }) {
  return (
    <Alert
      variant="light"
      color="teal"
      radius="md"
      icon={<IconKey size={18} />}
      title="Share these with the people who may open it"
      data-testid="link-secret"
      styles={{ body: { minWidth: 0 }, wrapper: { minWidth: 0 } }}
    >
      <Stack gap="sm" style={{ minWidth: 0 }}>
        <CopyField label="Link" value={link} testId="share-link" />
        <CopyField label="Password" value={password} testId="share-password" />
        <Text size="xs" c="dimmed">
          The password is stored encrypted and will not be shown again. Set or regenerate it to share a new
          one.
        </Text>
      </Stack>
    </Alert>
  );
}
