/** Any unknown path (404) and any error a route throws: an illustration and a way home. */
import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { BrandLogo } from '../brand/BrandLogo';
import { useBrand } from '../brand/useBrand';

/** A gauge reading zero beside a loose cable: nothing is connected at this address. */
function LostSignal() {
  const ink = 'var(--mantine-color-default-border)';
  const accent = 'var(--mantine-primary-color-filled)';
  return (
    <svg viewBox="0 0 360 200" width="100%" style={{ maxWidth: 440 }} role="img" aria-label="Nothing here">
      <ellipse cx="180" cy="186" rx="150" ry="10" fill={ink} opacity="0.5" />
      <path d="M60 150a70 70 0 0 1 140 0" fill="none" stroke={ink} strokeWidth="14" strokeLinecap="round" />
      <path
        d="M60 150a70 70 0 0 1 22-51"
        fill="none"
        stroke="var(--mantine-color-red-6)"
        strokeWidth="14"
        strokeLinecap="round"
      />
      {[0, 1, 2, 3, 4].map((i) => {
        const a = Math.PI - (i * Math.PI) / 4;
        return (
          <line
            key={i}
            x1={130 + 48 * Math.cos(a)}
            y1={150 - 48 * Math.sin(a)}
            x2={130 + 40 * Math.cos(a)}
            y2={150 - 40 * Math.sin(a)}
            stroke="var(--mantine-color-dimmed)"
            strokeWidth="3"
            strokeLinecap="round"
          />
        );
      })}
      <line x1="130" y1="150" x2="86" y2="138" stroke={accent} strokeWidth="5" strokeLinecap="round" />
      <circle cx="130" cy="150" r="9" fill={accent} />
      <path
        d="M200 150c30 0 30-40 62-40s24 44 54 44"
        fill="none"
        stroke="var(--mantine-color-dimmed)"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <rect x="306" y="143" width="22" height="22" rx="4" fill={accent} />
      <path d="M328 149h10M328 159h10" stroke={accent} strokeWidth="4" strokeLinecap="round" />
      <path
        d="M250 60l10 10M270 52l0 14M286 62l-10 10"
        stroke="var(--mantine-color-orange-5)"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

interface ErrorViewProps {
  code: string;
  title: string;
  message: string;
  detail?: string;
  onReload?: () => void;
}

function ErrorView({ code, title, message, detail, onReload }: ErrorViewProps) {
  const brand = useBrand();
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" ta="center" gap="lg" maw={520}>
        <BrandLogo height={30} />
        <LostSignal />
        <Text
          fw={800}
          fz={64}
          lh={1}
          // The dark scheme's filled shade reads 2.9:1 on its background; shade 4 keeps 3:1 (large text).
          c="light-dark(var(--mantine-primary-color-filled), var(--mantine-primary-color-4))"
          style={{ letterSpacing: '-0.04em' }}
        >
          {code}
        </Text>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {detail && <Code block>{detail}</Code>}
        <Group>
          <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} />}>
            Back to home
          </Button>
          {onReload && (
            <Button variant="default" size="md" leftSection={<IconRefresh size={18} />} onClick={onReload}>
              Reload
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {brand.copyright}
        </Text>
      </Stack>
    </Center>
  );
}

/** The page for unknown paths. */
export function NotFoundPage() {
  return (
    <ErrorView
      code="404"
      title="Page not found"
      message="The page you are looking for does not exist or has moved. Check the address, or head back home."
    />
  );
}

/** The router's error element: 404 responses look like NotFoundPage; anything else offers a reload. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <ErrorView
      code="Oops"
      title="Something went wrong"
      message="This page ran into a problem. Reloading usually helps; if it keeps happening, contact your administrator."
      detail={detail}
      onReload={() => window.location.reload()}
    />
  );
}
