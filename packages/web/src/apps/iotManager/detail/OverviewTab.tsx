/**
 * Credentials and security: the ids a device connects with, the access token (its last characters,
 * when it was issued, and rotation), where it connects to, and lines to paste into a terminal.
 */
import type { Gateway } from '@ferrite/contracts';
import {
  Alert,
  Button,
  Code,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconHeartbeat,
  IconKey,
  IconLock,
  IconPlugConnected,
  IconShieldLock,
} from '@tabler/icons-react';
import { formatRelative, useTimes } from '../../../ui/time';
import { CopyField, CopyIcon } from '../common/Bits';
import shared from '../common/IoT.module.css';
import { connectionSnippets, TOKEN_VAR } from '../common/snippets';
import classes from './Detail.module.css';

function Card({
  icon,
  title,
  hint,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card} h="100%">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" size={34} radius="md" color="orange">
          {icon}
        </ThemeIcon>
        <div>
          <Text className={classes.cardTitle}>{title}</Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
      </Group>
      {children}
    </Paper>
  );
}

/** The access token as far as it can be shown: its last four characters. */
function TokenCard({
  gateway,
  canManage,
  onRotate,
}: {
  gateway: Gateway;
  canManage: boolean;
  onRotate: () => void;
}) {
  const times = useTimes();
  return (
    <Card icon={<IconShieldLock size={18} />} title="Security" hint="How the gateway proves who it is">
      <Stack gap="sm">
        <div className={shared.field}>
          <Text size="xs" c="dimmed" fw={600} className={shared.fieldLabel}>
            Access token
          </Text>
          <Group gap="xs" wrap="nowrap">
            <IconLock size={14} color="var(--mantine-color-dimmed)" />
            <Text className={shared.mono} data-testid="token-hint">
              fgw_••••••••••••{gateway.access_token_hint}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={2}>
            Issued {times.dateTime(gateway.access_token_rotated_at)} (
            {formatRelative(gateway.access_token_rotated_at)})
          </Text>
        </div>
        <Text size="xs" c="dimmed">
          Sent as the MQTT password, or as <Code>Authorization: Bearer</Code> over HTTP and{' '}
          <Code>?token=</Code> over CoAP. It is shown in full only when the gateway is created or the token
          rotated.
        </Text>
        {canManage && (
          <Group>
            <Button variant="light" color="red" leftSection={<IconKey size={16} />} onClick={onRotate}>
              Rotate token
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Snippets({ gateway }: { gateway: Gateway }) {
  const snippets = connectionSnippets(gateway);
  const first = snippets.find((s) => s.protocol === gateway.protocol) ?? snippets[0];
  return (
    <Card
      icon={<IconPlugConnected size={18} />}
      title="Connect a device"
      hint="Paste into a terminal to send a first reading"
    >
      <Tabs defaultValue={first?.protocol} variant="pills" radius="md">
        <Tabs.List mb="sm">
          {snippets.map((snippet) => (
            <Tabs.Tab key={snippet.protocol} value={snippet.protocol} data-snippet={snippet.protocol}>
              {snippet.protocol}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {snippets.map((snippet) => (
          <Tabs.Panel key={snippet.protocol} value={snippet.protocol}>
            <Text size="xs" c="dimmed" mb={6}>
              {snippet.caption} Set <Code>{TOKEN_VAR}</Code> to the access token first.
            </Text>
            <Code block className={classes.snippet} data-testid={`snippet-${snippet.protocol}`}>
              {snippet.code}
              <span className={classes.snippetCopy}>
                <CopyIcon value={snippet.code} label={`${snippet.protocol} lines`} />
              </span>
            </Code>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}

/**
 * The topic overlaps another gateway's (saved before topics were checked): the broker refuses this
 * gateway over MQTT. Says nothing of the other gateway, which may be another organization's.
 */
function TopicUnavailable({ canManage }: { canManage: boolean }) {
  return (
    <Alert
      color="red"
      variant="light"
      mb="lg"
      title="This topic is not available"
      icon={<IconAlertTriangle size={18} />}
      data-testid="topic-unavailable"
    >
      The topic overlaps another gateway's topic, so the MQTT broker refuses this gateway's publishes and
      subscriptions and sends it no commands.{' '}
      {canManage
        ? 'Edit the gateway and choose another topic (or leave it empty for the default), then set the new topic on the device.'
        : 'Ask someone who manages gateways to choose another topic for it.'}
    </Alert>
  );
}

interface OverviewTabProps {
  gateway: Gateway;
  canManage: boolean;
  onRotate: () => void;
}

/** The Overview tab. */
export function OverviewTab({ gateway, canManage, onRotate }: OverviewTabProps) {
  const times = useTimes();
  return (
    <div className={classes.content}>
      {gateway.archived_at && (
        <Alert color="gray" variant="light" mb="lg" title="Archived">
          Archived on {times.date(gateway.archived_at)}: its devices are refused until the gateway is
          unarchived.
        </Alert>
      )}
      {!gateway.topic_available && <TopicUnavailable canManage={canManage} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card icon={<IconKey size={18} />} title="Credentials" hint="What a device connects with">
            <Stack gap="sm">
              <CopyField label="UUID" value={gateway.uuid} />
              <CopyField
                label="Topic"
                value={gateway.topic}
                hint={
                  gateway.protocol === 'MQTT'
                    ? 'Readings here; heartbeats on /heartbeat'
                    : 'Used when the gateway speaks MQTT'
                }
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <CopyField label="Client id" value={gateway.client_id} />
                <CopyField label="User name" value={gateway.username} />
              </SimpleGrid>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TokenCard gateway={gateway} canManage={canManage} onRotate={onRotate} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Snippets gateway={gateway} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card
            icon={<IconHeartbeat size={18} />}
            title="Endpoint and heartbeat"
            hint={`${gateway.type} gateway speaking ${gateway.protocol}`}
          >
            <SimpleGrid cols={2} spacing="sm">
              <CopyField label="Host name" value={gateway.host_name} />
              <CopyField label="Port" value={gateway.port_info} />
            </SimpleGrid>
            <Stack gap="sm" mt="sm">
              <CopyField label="Path" value={gateway.path} />
              <SimpleGrid cols={2} spacing="sm">
                <CopyField
                  label="Heartbeat timeout"
                  value={`${gateway.heartbeat_timeout_s} s`}
                  copyable={false}
                />
                <CopyField label="Created" value={times.date(gateway.created_at)} copyable={false} />
              </SimpleGrid>
              {gateway.description && (
                <Text size="sm" c="dimmed">
                  {gateway.description}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </div>
  );
}
