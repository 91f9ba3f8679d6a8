/** /orgs: after sign-in, the user picks the organization to work in. */
import type { OrgSummary } from '@ferrite/contracts';
import { Avatar, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconBuildingOff, IconLogout, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BrandLogo } from '../../brand/BrandLogo';
import { useBrand } from '../../brand/useBrand';
import { hasStoredSession, switchOrganization } from '../orgSwitch';
import { selectPendingOrgStep, selectSession, sessionActions } from '../sessionSlice';
import { logout, orgSignIn } from '../thunks';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { OrgCard } from './OrgCard';
import cardClasses from './OrgCard.module.css';
import pickerClasses from './OrgPicker.module.css';
import { Splash } from './Splash';
import { StatusPanel } from './StatusPanel';

/** With more organizations than this a search box appears. */
const SEARCH_FROM = 7;

function matches(org: OrgSummary, query: string) {
  const q = query.trim().toLowerCase();
  return !q || org.name.toLowerCase().includes(q) || org.slug.includes(q);
}

/** The organization picker. */
export function OrgPickerPage() {
  const step = useAppSelector(selectPendingOrgStep);
  const brand = useBrand();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [busyOrg, setBusyOrg] = useState<string | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  const orgs = useMemo(() => (step?.orgs ?? []).filter((o) => matches(o, query)), [step, query]);
  const { isUserLoggedIn, orgId: currentOrgId } = useAppSelector(selectSession);
  // Opened without an organization step (a reload, a bookmark): a stored session is validated
  // first and then asked for the step, as spec §4 orders it; without one, sign-in it is.
  const [resuming] = useState(() => !step && (isUserLoggedIn || hasStoredSession()));
  useEffect(() => {
    if (resuming) void dispatch(switchOrganization({ navigate: false }));
  }, [resuming, dispatch]);
  // Keyboard users start on the organization to open (the current one when switching), as the
  // sign-in page starts in its e-mail field; with many, the search field takes focus instead.
  const searchShown = (step?.orgs.length ?? 0) >= SEARCH_FROM;
  const listed = step !== null;
  useEffect(() => {
    if (!listed || searchShown) return;
    const cards = grid.current;
    const target =
      cards?.querySelector<HTMLElement>('[data-org-card][data-current]') ??
      cards?.querySelector<HTMLElement>('[data-org-card]');
    target?.focus({ preventScroll: true });
  }, [listed, searchShown]);

  if (!step) {
    return resuming ? <Splash label="Checking your session…" /> : <Navigate to="/user/login" replace />;
  }
  // Came here by "Switch organization": the current organization stays open until another is chosen.
  const currentOrg = isUserLoggedIn ? step.orgs.find((o) => o.id === currentOrgId) : undefined;

  const choose = async (org: OrgSummary) => {
    if (busyOrg) return;
    setBusyOrg(org.id);
    await dispatch(orgSignIn(org.id));
    setBusyOrg(null);
  };

  const switchAccount = () => {
    // With an organization still open, another account means signing out of it first.
    if (isUserLoggedIn) {
      void dispatch(logout({ callServer: true }));
      return;
    }
    dispatch(sessionActions.orgStepCleared());
    navigate('/user/login', { replace: true });
  };

  // Arrow keys move between the card buttons (keydown bubbles from them), besides the usual Tab order.
  const onGridKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!delta || !grid.current) return;
    const cards = [...grid.current.querySelectorAll<HTMLButtonElement>('button[data-org-card]')];
    const index = cards.indexOf(document.activeElement as HTMLButtonElement);
    const next = cards[(index + delta + cards.length) % cards.length];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <Stack gap={0} className={pickerClasses.page}>
      <Group
        justify="space-between"
        px="xl"
        py="md"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <BrandLogo height={30} />
        <Group gap="sm">
          <Avatar name={step.user.name} color="initials" radius="xl" size={34} />
          <div>
            <Text size="sm" fw={600} lh={1.2}>
              {step.user.name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              {step.user.email}
            </Text>
          </div>
          <ColorSchemeToggle />
        </Group>
      </Group>

      <div className={pickerClasses.hero}>
        <Container size={880}>
          <Title order={1} fz={32} className={pickerClasses.heroTitle}>
            Choose an organization
          </Title>
          <Text className={pickerClasses.heroText} mt={6}>
            {step.orgs.length === 1
              ? 'You are a member of one organization.'
              : `You are a member of ${step.orgs.length} organizations.`}{' '}
            Pick the one to open.
          </Text>
        </Container>
      </div>

      <Container size={880} w="100%" pb={48} style={{ flex: 1 }}>
        <Paper withBorder shadow="md" p="xl" className={pickerClasses.panel}>
          {searchShown && (
            <TextInput
              // With a long list the page's one task starts here.
              autoFocus
              label="Search organizations"
              placeholder="Name or address"
              leftSection={<IconSearch size={16} />}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              mb="lg"
              maw={360}
            />
          )}

          {step.orgs.length === 0 ? (
            <StatusPanel
              icon={<IconBuildingOff size={32} />}
              color="gray"
              title="No organization yet"
              action={{ label: 'Create an organization', to: '/user/register' }}
            >
              You are not a member of any organization. If you asked for one, it may still await approval.
            </StatusPanel>
          ) : orgs.length === 0 ? (
            <Text c="dimmed">No organization matches “{query}”.</Text>
          ) : (
            <ul
              ref={grid}
              className={cardClasses.grid}
              aria-label="Your organizations"
              onKeyDown={onGridKeyDown}
            >
              {orgs.map((org) => (
                <OrgCard
                  key={org.id}
                  org={org}
                  suffix={brand.subDomainSuffix}
                  current={org.id === currentOrg?.id}
                  busy={busyOrg === org.id}
                  disabled={busyOrg !== null && busyOrg !== org.id}
                  onChoose={() => choose(org)}
                />
              ))}
            </ul>
          )}

          <Group
            justify="space-between"
            mt="xl"
            pt="md"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" c="dimmed">
              Signed in as {step.user.email}
            </Text>
            {currentOrg && (
              <Button
                variant="light"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => navigate('/', { replace: true })}
              >
                Back to {currentOrg.name}
              </Button>
            )}
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconLogout size={16} />}
              onClick={switchAccount}
            >
              Use another account
            </Button>
          </Group>
        </Paper>
      </Container>
    </Stack>
  );
}
