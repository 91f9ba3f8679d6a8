/** /reset_password?token=…: choose a new password from the e-mailed link. */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ApiProblem } from '../../app/baseQuery';
import { useResetPasswordMutation } from '../authApi';
import { notifySuccess } from '../notify';
import { AuthLayout } from './AuthLayout';
import { NewPasswordForm } from './NewPasswordForm';
import { StatusPanel } from './StatusPanel';

/** The reset-password screen. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  if (!token) {
    return (
      <AuthLayout>
        <StatusPanel
          icon={<IconLinkOff size={32} />}
          color="orange"
          title="This reset link is incomplete"
          action={{ label: 'Request a new link', to: '/user/forgot-password' }}
        >
          Open the link from your e-mail again, or ask for a new one.
        </StatusPanel>
      </AuthLayout>
    );
  }

  const submit = async (password: string) => {
    const result = await resetPassword({ token, password });
    if ('error' in result) {
      setProblem(result.error as ApiProblem);
      return;
    }
    notifySuccess('Password updated', 'Sign in with your new password.');
    navigate('/user/login', { replace: true });
  };

  return (
    <AuthLayout>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={28}>
          Choose a new password
        </Title>
        <Text c="dimmed">You will sign in with it from now on.</Text>
      </Stack>
      {problem && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={problem.title}
          mb="md"
        >
          {problem.detail}{' '}
          <Anchor component={Link} to="/user/forgot-password" size="sm" fw={600}>
            Request a new link
          </Anchor>
        </Alert>
      )}
      <NewPasswordForm submitLabel="Update password" onSubmit={submit} />
    </AuthLayout>
  );
}
