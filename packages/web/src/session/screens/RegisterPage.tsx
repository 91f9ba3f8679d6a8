/** /user/register: a new user and organization request, which a platform admin approves. */
import {
  EMAIL_HINT,
  isValidEmail,
  isValidPassword,
  PASSWORD_HINT,
  type SignUpResponse,
} from '@ferrite/contracts';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingFactory2, IconHourglassHigh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiProblem } from '../../app/baseQuery';
import { useBrand } from '../../brand/useBrand';
import { useSignUpMutation } from '../authApi';
import { notifyError } from '../notify';
import { AuthLayout } from './AuthLayout';
import { OrgUrlStatus, useOrgUrlCheck } from './OrgUrlCheck';
import { PasswordRules } from './PasswordRules';
import { StatusPanel } from './StatusPanel';

const FIELDS = ['name', 'email', 'password', 'organization_name'] as const;

/** The sign-up screen and its "awaiting approval" outcome. */
export function RegisterPage() {
  const brand = useBrand();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [done, setDone] = useState<SignUpResponse | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', organization_name: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required'),
      email: (v) => (isValidEmail(v.trim()) ? null : EMAIL_HINT),
      password: (v) => (isValidPassword(v) ? null : PASSWORD_HINT),
      organization_name: (v) => (v.trim().length >= 2 ? null : 'Organization name is required'),
    },
  });
  const orgUrl = useOrgUrlCheck(form.values.organization_name);

  const submit = form.onSubmit(async (values) => {
    const result = await signUp({ ...values, email: values.email.trim(), name: values.name.trim() });
    if ('data' in result && result.data) {
      setDone(result.data);
      return;
    }
    const problem = result.error as ApiProblem;
    const fieldErrors = (problem.errors ?? []).filter((e) => (FIELDS as readonly string[]).includes(e.path));
    for (const e of fieldErrors) form.setFieldError(e.path, e.message);
    if (problem.status === 409) form.setFieldError('email', problem.title);
    else if (fieldErrors.length === 0 && problem.status < 500) notifyError(problem.title, problem.detail);
  });

  if (done) {
    return (
      <AuthLayout>
        <StatusPanel
          icon={<IconHourglassHigh size={32} />}
          color="teal"
          title="Request sent"
          action={{ label: 'Back to sign in', to: '/user/login' }}
        >
          Your request for <b>{done.request.organization_name}</b> awaits approval by an administrator. We
          will write to <b>{done.user.email}</b> as soon as it is approved.
        </StatusPanel>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Stack gap={4} mb="lg">
        <Title order={1} fz={28}>
          Create your organization
        </Title>
        <Text c="dimmed">
          Start monitoring your plant with {brand.name}. An administrator approves new organizations.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Full name"
            autoComplete="name"
            placeholder="Your full name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.getInputProps('email')}
          />
          <div>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              placeholder="Choose a password"
              {...form.getInputProps('password')}
            />
            <PasswordRules value={form.values.password} />
          </div>
          <div>
            <TextInput
              label="Organization name"
              placeholder="Acme Foundry"
              leftSection={<IconBuildingFactory2 size={16} />}
              autoComplete="organization"
              {...form.getInputProps('organization_name')}
            />
            <OrgUrlStatus {...orgUrl} />
          </div>
          <Button type="submit" size="md" fullWidth loading={isLoading} mt="sm">
            Create organization
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm" mt="lg" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/user/login" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
