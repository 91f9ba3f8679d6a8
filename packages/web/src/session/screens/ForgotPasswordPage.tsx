/** /user/forgot-password: always the same confirmation, so nobody learns which e-mails have accounts. */
import { EMAIL_HINT, isValidEmail, PASSWORD_RESET_TTL_SECONDS } from '@ferrite/contracts';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconAt, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiProblem } from '../../app/baseQuery';
import { useForgotPasswordMutation } from '../authApi';
import { notifyError } from '../notify';
import { AuthLayout } from './AuthLayout';
import { StatusPanel } from './StatusPanel';

/** The password-recovery screen. */
export function ForgotPasswordPage() {
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: (v) => (isValidEmail(v.trim()) ? null : EMAIL_HINT) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    const result = await requestReset({ email: email.trim() });
    const problem = 'error' in result ? (result.error as ApiProblem) : null;
    // Only an unreachable server keeps the form; any answer gets the same confirmation.
    if (problem?.status === 0) {
      notifyError(problem.title, problem.detail);
      return;
    }
    setSentTo(email.trim());
  });

  return (
    <AuthLayout>
      {sentTo ? (
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
              <Button type="submit" size="md" fullWidth loading={isLoading}>
                Send reset link
              </Button>
            </Stack>
          </form>
          <Anchor component={Link} to="/user/login" size="sm" mt="xl" ta="center">
            <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
            Back to sign in
          </Anchor>
        </>
      )}
    </AuthLayout>
  );
}
