/**
 * /orgs/{id}/set-password/{token}, /orgs/{id}/join-org/{token} and /set-password/{token}: the
 * invitation is checked first; what the server says it is decides the form.
 */
import { Avatar, Button, Group, Paper, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { type InvitationInfo, useInvitationQuery } from '../authApi';
import { acceptInvitation } from '../thunks';
import { AuthLayout } from './AuthLayout';
import { NewPasswordForm } from './NewPasswordForm';
import { StatusPanel } from './StatusPanel';

export const INVALID_INVITATION = 'This invitation link is invalid or has expired';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

function OrgBadge({ invitation }: { invitation: InvitationInfo }) {
  return (
    <Paper withBorder p="md" radius="md" mb="lg">
      <Group wrap="nowrap">
        <Avatar color="initials" name={invitation.org_name} radius="md" size="lg">
          {initials(invitation.org_name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {invitation.org_name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            Invitation for {invitation.email}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The invitation screen (set a password, or join an organization). */
export function InvitationPage() {
  const { id, inviteToken = '' } = useParams();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useInvitationQuery(inviteToken, { skip: !inviteToken });
  const [joining, setJoining] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');

  // A link naming another org than the invitation's is not this invitation's link.
  const invalid = !inviteToken || isError || (data && id && data.org_id !== id);

  let body: React.ReactNode;
  if (invalid) {
    body = (
      <StatusPanel
        icon={<IconLinkOff size={32} />}
        color="orange"
        title={INVALID_INVITATION}
        action={{ label: 'Go to sign in', to: '/user/login' }}
      >
        Ask your administrator to send a new invitation. Invitations can be used once and expire after a
        while.
      </StatusPanel>
    );
  } else if (isLoading || !data) {
    body = (
      <Stack gap="md" aria-busy="true" aria-label="Checking invitation">
        <Skeleton h={32} w="70%" />
        <Skeleton h={72} />
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  } else if (data.kind === 'set-password') {
    body = (
      <>
        <Title order={1} fz={28} mb={4}>
          Set your password
        </Title>
        <Text c="dimmed" mb="lg">
          Finish setting up your account to enter {data.org_name}.
        </Text>
        <OrgBadge invitation={data} />
        <NewPasswordForm
          email={data.email}
          submitLabel="Set password and continue"
          onSubmit={(password) => dispatch(acceptInvitation(inviteToken, { password }))}
        />
      </>
    );
  } else {
    // Joining opens a session of an existing account, so the link alone is not enough: the person
    // confirms with the password of that account.
    const join = async (event: React.FormEvent) => {
      event.preventDefault();
      setJoining(true);
      await dispatch(acceptInvitation(inviteToken, { currentPassword }));
      setJoining(false);
    };
    body = (
      <>
        <Title order={1} fz={28} mb={4}>
          Join {data.org_name}
        </Title>
        <Text c="dimmed" mb="lg">
          You have been invited to work in this organization.
        </Text>
        <OrgBadge invitation={data} />
        <form onSubmit={join}>
          <Stack gap="md">
            <PasswordInput
              label="Your current password"
              description={`The password of your account ${data.email}`}
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
              required
              autoComplete="current-password"
            />
            <Button type="submit" size="md" fullWidth loading={joining} disabled={!currentPassword}>
              Join {data.org_name}
            </Button>
          </Stack>
        </form>
      </>
    );
  }

  return <AuthLayout>{body}</AuthLayout>;
}
