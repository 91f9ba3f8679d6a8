/**
 * Sharing by link (spec §4 "Dashboard export has a credential and password flow"): create a link with
 * an expiry and a generated or chosen password (shown once), see each link's credentials
 * (show_credentials), copy it, change its expiry, give it a new password, revoke or restore it.
 */
import {
  type DashboardExport,
  isValidPassword,
  PASSWORD_HINT,
  sharedDashboardPath,
} from '@ferrite/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Menu,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconCalendarTime,
  IconCheck,
  IconCopy,
  IconDots,
  IconInfoCircle,
  IconKey,
  IconLink,
  IconLinkOff,
  IconRestore,
} from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../ui/confirm';
import { useTimes } from '../../../ui/time';
import { useCreateExportMutation, useShowCredentialsQuery, useUpdateExportMutation } from '../api/sharingApi';
import { runAction, useOrgId } from '../hooks';
import {
  absoluteLink,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  expiryOf,
  STATUS_LOOK,
  sortLinks,
} from './linkModel';
import { SecretReveal } from './SecretReveal';

interface LinkPanelProps {
  dashboardId: string;
  links: readonly DashboardExport[];
}

/** The credentials of one link, fetched when opened. */
function Credentials({ dashboardId, uuid }: { dashboardId: string; uuid: string }) {
  const times = useTimes();
  const orgId = useOrgId();
  const query = useShowCredentialsQuery({ orgId, dashboardId, uuid }, { skip: !orgId });
  if (!query.data)
    return (
      <Text size="xs" c="dimmed">
        {query.error ? 'The credentials could not be loaded.' : 'Loading…'}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="link-credentials">
      <Text size="xs">
        <b>Address:</b> {query.data.link}
      </Text>
      <Text size="xs">
        <b>Password set:</b> {times.dateTime(query.data.password_set_at)}
      </Text>
      <Text size="xs" c="dimmed">
        {query.data.password_hint}
      </Text>
    </Stack>
  );
}

function LinkRow({
  dashboardId,
  link,
  onSecret,
}: {
  dashboardId: string;
  link: DashboardExport;
  onSecret: (s: { link: string; password: string }) => void;
}) {
  const times = useTimes();
  const orgId = useOrgId();
  const [update] = useUpdateExportMutation();
  const [showCredentials, setShowCredentials] = useState(false);
  const address = absoluteLink(link.url || sharedDashboardPath(link.uuid));
  const look = STATUS_LOOK[link.status];
  const arg = { orgId, dashboardId, uuid: link.uuid };
  const setExpiry = (choice: ExpiryChoice) =>
    void runAction(
      () => update({ ...arg, body: { expires_at: expiryOf(choice) } }).unwrap(),
      'Expiry changed; open views must enter the password again',
    );
  return (
    <Paper withBorder radius="md" p="sm" data-share-link={link.uuid} data-link-status={link.status}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {link.status === 'active' ? <IconLink size={18} /> : <IconLinkOff size={18} />}
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {address}
            </Text>
            <Text size="xs" c="dimmed">
              {link.expires_at ? `Expires ${times.dateTime(link.expires_at)}` : 'Never expires'} · created{' '}
              {times.dateTime(link.created_at)}
              {link.created_by ? ` by ${link.created_by.name}` : ''}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          <Badge variant="light" color={look.color}>
            {look.label}
          </Badge>
          <CopyButton value={address} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withinPortal>
                <ActionIcon
                  variant="subtle"
                  onClick={copy}
                  aria-label="Copy link"
                  color={copied ? 'teal' : 'gray'}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="Link menu">
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconInfoCircle size={14} />}
                onClick={() => setShowCredentials((v) => !v)}
              >
                {showCredentials ? 'Hide credentials' : 'Show credentials'}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconKey size={14} />}
                disabled={link.status === 'revoked'}
                onClick={async () => {
                  const ok = await confirmAction({
                    message: 'Give this link a new password? People who have it open must enter the new one.',
                    confirmLabel: 'New password',
                  });
                  if (!ok) return;
                  await runAction(async () => {
                    const answer = await update({ ...arg, body: { regenerate_password: true } }).unwrap();
                    if (answer.password) onSecret({ link: address, password: answer.password });
                  });
                }}
              >
                New password
              </Menu.Item>
              <Menu.Sub position="left-start">
                <Menu.Sub.Target>
                  <Menu.Sub.Item
                    leftSection={<IconCalendarTime size={14} />}
                    disabled={link.status === 'revoked'}
                  >
                    Expiry
                  </Menu.Sub.Item>
                </Menu.Sub.Target>
                <Menu.Sub.Dropdown>
                  {EXPIRY_CHOICES.map((choice) => (
                    <Menu.Item key={choice.value} onClick={() => setExpiry(choice.value)}>
                      {choice.label}
                    </Menu.Item>
                  ))}
                </Menu.Sub.Dropdown>
              </Menu.Sub>
              <Menu.Divider />
              {link.status === 'revoked' ? (
                <Menu.Item
                  leftSection={<IconRestore size={14} />}
                  onClick={() =>
                    void runAction(
                      () => update({ ...arg, body: { revoked: false } }).unwrap(),
                      'Link restored',
                    )
                  }
                >
                  Restore
                </Menu.Item>
              ) : (
                <Menu.Item
                  color="red"
                  leftSection={<IconLinkOff size={14} />}
                  onClick={async () => {
                    const ok = await confirmAction({
                      title: 'Revoke link',
                      message:
                        'Are you sure you want to Revoke? Everyone viewing through this link is cut off at once.',
                      confirmLabel: 'Revoke',
                      danger: true,
                    });
                    if (ok)
                      await runAction(
                        () => update({ ...arg, body: { revoked: true } }).unwrap(),
                        'Link revoked',
                      );
                  }}
                >
                  Revoke
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {showCredentials ? (
        <Paper mt="sm" p="xs" radius="sm" bg="var(--mantine-color-default-hover)">
          <Credentials dashboardId={dashboardId} uuid={link.uuid} />
        </Paper>
      ) : null}
    </Paper>
  );
}

/** The links of a dashboard and the form for a new one. */
export function LinkPanel({ dashboardId, links }: LinkPanelProps) {
  const orgId = useOrgId();
  const [create, creating] = useCreateExportMutation();
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [own, setOwn] = useState(false);
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<{ link: string; password: string } | null>(null);
  const passwordError = own && password && !isValidPassword(password) ? PASSWORD_HINT : null;

  const submit = async () => {
    await runAction(async () => {
      const answer = await create({
        orgId,
        dashboardId,
        body: { expires_at: expiryOf(expiry), ...(own ? { password } : {}) },
      }).unwrap();
      setSecret({
        link: absoluteLink(answer.export.url || sharedDashboardPath(answer.export.uuid)),
        password: answer.password ?? password,
      });
      setPassword('');
      setOwn(false);
    }, 'Link created');
  };

  return (
    <Stack gap="md">
      {secret ? <SecretReveal link={secret.link} password={secret.password} /> : null}
      <Paper withBorder radius="md" p="md">
        <Text fw={600} size="sm" mb={4}>
          New link
        </Text>
        <Text size="xs" c="dimmed" mb="sm">
          Anyone with the link and its password sees this dashboard read-only and live, without signing in.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Expires"
            w={170}
            allowDeselect={false}
            value={expiry}
            data={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
            onChange={(value) => value && setExpiry(value as ExpiryChoice)}
          />
          <Switch
            mb={8}
            label="Choose the password"
            checked={own}
            onChange={(e) => setOwn(e.currentTarget.checked)}
          />
          {own ? (
            <PasswordInput
              label="Password"
              w={220}
              value={password}
              error={passwordError ?? undefined}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          ) : null}
          <Button
            leftSection={<IconLink size={16} />}
            loading={creating.isLoading}
            disabled={!orgId || (own && (!password || Boolean(passwordError)))}
            onClick={() => void submit()}
          >
            Create link
          </Button>
        </Group>
      </Paper>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No links yet.
        </Text>
      ) : (
        <Stack gap="xs" aria-label="Links">
          {sortLinks(links).map((link) => (
            <LinkRow key={link.uuid} dashboardId={dashboardId} link={link} onSecret={setSecret} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
