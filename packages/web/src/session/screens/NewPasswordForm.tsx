/** New password plus confirmation, used by reset-password and set-password from an invitation. */
import { isValidPassword, PASSWORD_HINT } from '@ferrite/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordRules } from './PasswordRules';

interface NewPasswordFormProps {
  /** The account's e-mail, shown read-only when known (invitations). */
  email?: string;
  submitLabel: string;
  onSubmit: (password: string) => Promise<unknown>;
}

/** Validates with the contracts password rule and asks for the password twice. */
export function NewPasswordForm({ email, submitLabel, onSubmit }: NewPasswordFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => (isValidPassword(v) ? null : PASSWORD_HINT),
      confirm: (v, values) => (v === values.password ? null : 'Passwords do not match'),
    },
  });
  const submit = form.onSubmit(async ({ password }) => {
    await onSubmit(password);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {email && <TextInput label="Email" value={email} readOnly variant="filled" autoComplete="username" />}
        <div>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            size="md"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <PasswordRules value={form.values.password} />
        </div>
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          size="md"
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" size="md" fullWidth loading={form.submitting} mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
