/**
 * Sharing with people by e-mail (spec §6 "cockpit sharing", §7 "Sharing"): add members of the
 * organization (each is mailed and finds the dashboard under Shared Dashboards), see who has it, revoke.
 */
import { EMAIL_HINT, isValidEmail } from '@ferrite/contracts';
import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconMailForward, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../ui/confirm';
import { useTimes } from '../../../ui/time';
import { useListSharesQuery, useRevokeShareMutation, useShareDashboardMutation } from '../api/sharingApi';
import { runAction, useOrgId } from '../hooks';

function initials(text: string): string {
  const parts = text.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** Who a dashboard is shared with, and the form to share it. */
export function PeoplePanel({ dashboardId }: { dashboardId: string }) {
  const times = useTimes();
  const orgId = useOrgId();
  const arg = { orgId, dashboardId };
  const shares = useListSharesQuery(arg, { skip: !orgId });
  const [share, sharing] = useShareDashboardMutation();
  const [revoke] = useRevokeShareMutation();
  const [emails, setEmails] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const bad = emails.filter((e) => !isValidEmail(e));

  const submit = async () => {
    const ok = await runAction(
      () => share({ ...arg, body: { emails, message: message.trim() } }).unwrap(),
      emails.length === 1 ? `Shared with ${emails[0]}` : `Shared with ${emails.length} people`,
    );
    if (ok) {
      setEmails([]);
      setMessage('');
    }
  };

  const users = shares.data?.users ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TagsInput
            label="Share with"
            description="Members of the organization, by e-mail; press Enter after each"
            placeholder="name@company.com"
            value={emails}
            onChange={(next) => setEmails(next.map((e) => e.trim()).filter(Boolean))}
            splitChars={[',', ' ', ';']}
            error={bad.length > 0 ? `${EMAIL_HINT}: ${bad.join(', ')}` : undefined}
            clearable
          />
          <Textarea
            label="Message"
            placeholder="Optional note for the e-mail"
            autosize
            minRows={2}
            maxLength={1000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              leftSection={<IconMailForward size={16} />}
              disabled={!orgId || emails.length === 0 || bad.length > 0}
              loading={sharing.isLoading}
              onClick={() => void submit()}
            >
              Share
            </Button>
          </Group>
        </Stack>
      </Paper>
      <div>
        <Text size="sm" fw={600} mb="xs">
          People with access {shares.data ? `(${users.length})` : ''}
        </Text>
        {!shares.data ? (
          shares.error ? (
            <Text size="sm" c="dimmed">
              The list could not be loaded.
            </Text>
          ) : (
            <Stack gap="xs">
              <Skeleton height={44} radius="md" />
              <Skeleton height={44} radius="md" />
            </Stack>
          )
        ) : users.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not shared with anyone yet.
          </Text>
        ) : (
          <Stack gap={6} aria-label="People with access">
            {users.map((user) => (
              <Paper key={user.email} withBorder radius="md" p="xs" data-shared-with={user.email}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar radius="xl" size={32} color="blue">
                      {initials(user.user?.name ?? user.email)}
                    </Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {user.user?.name ?? user.email}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {user.email} · shared {times.dateTime(user.created_at)}
                        {user.shared_by ? ` by ${user.shared_by.name}` : ''}
                      </Text>
                    </div>
                  </Group>
                  <Tooltip label="Revoke access" withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Revoke ${user.email}`}
                      onClick={async () => {
                        const ok = await confirmAction({
                          message: `Are you sure you want to Revoke? ${user.email} will no longer see this dashboard under Shared Dashboards.`,
                          confirmLabel: 'Revoke',
                          danger: true,
                        });
                        if (ok)
                          await runAction(
                            () => revoke({ ...arg, email: user.email }).unwrap(),
                            'Access revoked',
                          );
                      }}
                    >
                      <IconUserMinus size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
