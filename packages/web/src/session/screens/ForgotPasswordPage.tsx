/**
 * /user/forgot-password: always the same confirmation, so nobody learns which e-mails have accounts. Past
 * the server's quota (a few links an hour per e-mail or address, whoever owns it) the form stays and
 * shows the wait, counting down.
 */
import {
  EMAIL_HINT,
  isValidEmail,
  PASSWORD_RESET_TTL_SECONDS,
  resetMailWaitMessage,
} from '@ferrite/contracts';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconAt, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiProblem } from '../../app/baseQuery';
import { useForgotPasswordMutation } from '../authApi';
import { notifyError } from '../notify';
import { AuthLayout } from './AuthLayout';
import { RetryWaitAlert } from './RetryWaitAlert';
import { StatusPanel } from './StatusPanel';
import { useRetryCountdown } from './useRetryCountdown';

/** The password-recovery screen. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}

/** The request form and its confirmation (tested on its own, rendered inside the auth layout). */
export function ForgotPasswordForm() {
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { secondsLeft, waitFor } = useRetryCountdown();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: (v) => (isValidEmail(v.trim()) ? null : EMAIL_HINT) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    const result = await requestReset({ email: email.trim() });
    const problem = 'error' in result ? (result.error as ApiProblem) : null;
    // Only an unreachable server or a throttled request keeps the form; any other answer gets the same
    // confirmation. The throttle counts every e-mail alike, so its wait says nothing about the account.
    if (problem?.status === 429 && problem.retryAfterSeconds) {
      waitFor(problem.retryAfterSeconds);
      return;
    }
    if (problem?.status === 0 || problem?.status === 429) {
      notifyError(problem.title, problem.detail);
      return;
    }
    setSentTo(email.trim());
  });

  return sentTo ? (
    <StatusPanel
      icon={<IconMailForward size={32} />}
      color="teal"
      title="Check your inbox"
      action={{ label: 'Back to sign in', to: '/user/login' }}
    >
      If an account exists for <b>{sentTo}</b>, we have sent it a link to choose a new password. The link
      works for {Math.round(PASSWORD_RESET_TTL_SECONDS / 60)} minutes.
    </StatusPanel>
  ) : (
    <>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={28}>
          Forgot your password?
        </Title>
        <Text c="dimmed">Enter the e-mail you sign in with and we will send you a link to reset it.</Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            leftSection={<IconAt size={16} />}
            size="md"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <RetryWaitAlert secondsLeft={secondsLeft} message={resetMailWaitMessage} />
          <Button type="submit" size="md" fullWidth loading={isLoading} disabled={secondsLeft > 0}>
            Send reset link
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/user/login" size="sm" mt="xl" ta="center">
        <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
        Back to sign in
      </Anchor>
    </>
  );
}
