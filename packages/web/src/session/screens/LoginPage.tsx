/** /user/login: e-mail and password; success moves on to the organization picker. */
import { EMAIL_HINT, isValidEmail, signInWaitMessage } from '@ferrite/contracts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconAt, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useBrand } from '../../brand/useBrand';
import { selectSession } from '../sessionSlice';
import { signIn } from '../thunks';
import { AuthLayout } from './AuthLayout';
import { RetryWaitAlert } from './RetryWaitAlert';
import { useRetryCountdown } from './useRetryCountdown';

/** The sign-in form alone (tested on its own, rendered inside the auth layout). */
export function LoginForm() {
  const dispatch = useAppDispatch();
  const { tokenExpired, reportsTokenExpired } = useAppSelector(selectSession);
  const [submitting, setSubmitting] = useState(false);
  const { secondsLeft, waitFor } = useRetryCountdown();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (isValidEmail(value.trim()) ? null : EMAIL_HINT),
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setSubmitting(true);
    const outcome = await dispatch(signIn({ email: email.trim(), password }));
    setSubmitting(false);
    if (outcome.ok) return;
    form.setFieldValue('password', '');
    if (outcome.retryAfterSeconds) waitFor(outcome.retryAfterSeconds);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {(tokenExpired || reportsTokenExpired) && (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />}>
            {reportsTokenExpired
              ? 'That report link has expired. Sign in to open your reports.'
              : 'Your session has expired. Please sign in again.'}
          </Alert>
        )}
        <TextInput
          label="Email"
          placeholder="you@company.com"
          type="email"
          autoComplete="username"
          leftSection={<IconAt size={16} />}
          size="md"
          // The page exists to take this field: focus starts here, before the brand carousel.
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          size="md"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/user/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <RetryWaitAlert secondsLeft={secondsLeft} message={signInWaitMessage} />
        <Button type="submit" size="md" fullWidth loading={submitting} disabled={secondsLeft > 0} mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

/** The sign-in screen. */
export function LoginPage() {
  const brand = useBrand();
  const loggedIn = useAppSelector((state) => state.session.isUserLoggedIn);
  if (loggedIn) return <Navigate to="/" replace />;
  return (
    <AuthLayout>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={30}>
          Welcome back
        </Title>
        <Text c="dimmed">Sign in to your {brand.name} workspace.</Text>
      </Stack>
      <LoginForm />
      <Text ta="center" size="sm" mt="xl" c="dimmed">
        New to {brand.name}?{' '}
        <Anchor component={Link} to="/user/register" fw={600}>
          Create an organization
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
