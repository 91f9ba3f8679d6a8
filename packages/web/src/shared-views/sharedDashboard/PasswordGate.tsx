/**
 * The password a shared link asks first (spec §6 "Shared dashboards are reached with a bearer token
 * plus password"). A wrong one gives the notification titled 'Error' with 'Please enter correct
 * password' (spec §8) and nothing else; too many give the server's wait message under the field.
 */

import type { ShareVerifyResponse } from '@ferrite/contracts';
import { DASHBOARD_MESSAGES } from '@ferrite/contracts';
import { Alert, Button, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ShareError, verifyShare } from './shareClient';

interface PasswordGateProps {
  uuid: string;
  /** Why the password is asked again (the link's password or expiry changed, the session ended). */
  notice?: string | null;
  onVerified: (answer: ShareVerifyResponse) => void;
  onDead: (reason: string) => void;
}

/** The password card. */
export function PasswordGate({ uuid, notice, onVerified, onDead }: PasswordGateProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onVerified(await verifyShare(uuid, password));
    } catch (error) {
      if (error instanceof ShareError && error.status === 401) {
        notifications.show({
          color: 'red',
          title: DASHBOARD_MESSAGES.wrongPasswordTitle,
          message: DASHBOARD_MESSAGES.wrongPassword,
        });
        // The notification is the one answer (spec §8); the field only clears for the next try.
        setPassword('');
      } else if (error instanceof ShareError && (error.status === 410 || error.status === 404)) {
        onDead(error.detail || error.title);
      } else if (error instanceof ShareError && error.status === 429) {
        setProblem(error.detail || DASHBOARD_MESSAGES.tooManyAttempts);
      } else {
        setProblem(error instanceof Error ? error.message : 'Something went wrong');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={40} shadow="xs" maw={460} mx="auto">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) void submit();
        }}
      >
        <Stack gap="md" align="stretch">
          <ThemeIcon size={64} radius="xl" variant="light" mx="auto">
            <IconLock size={32} />
          </ThemeIcon>
          <Stack gap={4} align="center" ta="center">
            <Title order={1} fz={24}>
              Shared dashboard
            </Title>
            <Text c="dimmed" size="sm">
              Enter the password you were given with this link to open the dashboard.
            </Text>
          </Stack>
          {notice ? (
            <Alert variant="light" color="yellow" icon={<IconAlertCircle size={18} />}>
              {notice}
            </Alert>
          ) : null}
          <PasswordInput
            label="Password"
            value={password}
            autoFocus
            autoComplete="current-password"
            error={problem ?? undefined}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} disabled={!password}>
            Open dashboard
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
