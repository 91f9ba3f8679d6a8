/**
 * /reports/{id}?token=…: the token is checked with POST /reports/verify-token before the route
 * renders (its loader); an invalid one sets reports-token-expired and redirects to /user/login.
 */
import { Badge, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { IconFileAnalytics } from '@tabler/icons-react';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import type { SessionState } from '../session/sessionSlice';
import { verifyReportToken } from '../session/thunks';
import { PublicViewLayout } from './PublicViewLayout';

type Dispatch = ThunkDispatch<{ session: SessionState }, unknown, UnknownAction>;

/** Builds the route loader that verifies the report token against the server before entry. */
export function makeSharedReportLoader(dispatch: Dispatch) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const token = new URL(request.url).searchParams.get('token');
    const valid = await dispatch(verifyReportToken(token, { redirect: false }));
    if (!valid) throw redirect('/user/login');
    return { id: params.id ?? '' };
  };
}

/** Placeholder for a shared report, shown once its token checked out. */
export function SharedReportPage() {
  const { id } = useLoaderData() as { id: string };
  return (
    <PublicViewLayout>
      <Paper withBorder p={48} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" color="teal">
            <IconFileAnalytics size={38} />
          </ThemeIcon>
          <Badge variant="light" color="teal">
            Link verified
          </Badge>
          <Title order={1} fz={28}>
            Shared report
          </Title>
          <Text c="dimmed" maw={480}>
            The shared report view arrives with the Report Wizard app. This link is valid; keep it to open the
            report once it is available.
          </Text>
          <Code>{id}</Code>
        </Stack>
      </Paper>
    </PublicViewLayout>
  );
}
