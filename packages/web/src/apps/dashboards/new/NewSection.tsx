/**
 * New (spec §2 "New starts on a themes list"): pick a theme → name and description → created, with a
 * first panel, and opened in edit mode under the New Dashboard trail.
 */
import { DASHBOARD_THEMES, type DashboardDetail, type DashboardTheme } from '@ferrite/contracts';
import { Button, Group, Paper, ScrollArea, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Breadcrumbs, useTrail } from '../../../ui/Breadcrumbs';
import { useCreateDashboardMutation } from '../api/dashboardsApi';
import { useCreatePanelMutation } from '../api/panelsApi';
import { DashboardDetail as DetailPage } from '../detail/DashboardDetail';
import { DetailTrail } from '../detail/DetailTrail';
import { fieldErrorsOf, problemOf, runAction, useCan, useOrgId } from '../hooks';
import classes from './New.module.css';
import { ThemeMiniature, ThemePicker } from './ThemePicker';

/** The first panel every new dashboard gets. */
export const FIRST_PANEL_NAME = 'Overview';

function NameStep({
  theme,
  onBack,
  onCreated,
}: {
  theme: DashboardTheme;
  onBack: () => void;
  onCreated: (d: DashboardDetail) => void;
}) {
  const orgId = useOrgId();
  const [create, state] = useCreateDashboardMutation();
  const [createPanel] = useCreatePanelMutation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const errors = fieldErrorsOf(state.error ? problemOf(state.error) : null);
  const submit = async () => {
    let created: DashboardDetail | null = null;
    const ok = await runAction(async () => {
      created = await create({
        orgId,
        body: { name: name.trim(), description: description.trim(), theme: theme.id },
      }).unwrap();
    }, 'Dashboard created');
    if (!ok || !created) return;
    const dashboard = created as DashboardDetail;
    await runAction(() => createPanel({ orgId, dashboardId: dashboard.id, name: FIRST_PANEL_NAME }).unwrap());
    onCreated(dashboard);
  };
  return (
    <div className={classes.formGrid}>
      <Paper withBorder radius="lg" p="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) void submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Name"
              placeholder="Line 1 overview"
              required
              maxLength={120}
              value={name}
              error={errors.name}
              data-autofocus
              autoFocus
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Textarea
              label="Description"
              placeholder="What this dashboard watches, for whom"
              autosize
              minRows={3}
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
                Themes
              </Button>
              <Button
                type="submit"
                rightSection={<IconArrowRight size={16} />}
                loading={state.isLoading}
                disabled={!name.trim()}
              >
                Create dashboard
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Stack gap={6}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {theme.name} theme
        </Text>
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <ThemeMiniature theme={theme} />
        </Paper>
      </Stack>
    </div>
  );
}

/** The section; `onLeave` shows the dashboards list once the dashboard just made is deleted. */
export function NewSection({ onLeave }: { onLeave: () => void }) {
  const trail = useTrail('newDashboard');
  const can = useCan();
  const [themeId, setThemeId] = useState<DashboardTheme['id'] | null>(null);
  const step = trail.crumbs[1];
  const created = trail.crumbs[1]?.id;
  const theme = DASHBOARD_THEMES.find((t) => t.id === themeId);

  if (created) {
    return (
      <DetailPage
        key={created}
        dashboardId={created}
        breadcrumbs={
          <DetailTrail
            from="newDashboard"
            name={step?.label ?? ''}
            id={created}
            onBack={() => {
              trail.cut(0);
              setThemeId(null);
            }}
          />
        }
        onName={(name) => {
          if (name !== step?.label) {
            trail.cut(0);
            trail.extend({ label: name, id: created });
          }
        }}
        // Gone (deleted here or by someone else): the list, not this section's theme picker.
        onLeave={onLeave}
        onOpen={(id, name) => {
          trail.cut(0);
          trail.extend({ label: name, id });
        }}
        startEditing
      />
    );
  }

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.page}>
        <Breadcrumbs trail="newDashboard" onNavigate={() => setThemeId(null)} />
        {step && theme ? (
          <>
            <Stack gap={2} mt="sm" mb="lg">
              <Title order={2}>Name your dashboard</Title>
              <Text c="dimmed" size="sm">
                You can change the name, description and theme at any time.
              </Text>
            </Stack>
            <NameStep
              theme={theme}
              onBack={() => {
                trail.cut(0);
                setThemeId(null);
              }}
              onCreated={(dashboard) => {
                trail.cut(0);
                trail.extend({ label: dashboard.name, id: dashboard.id });
              }}
            />
          </>
        ) : (
          <>
            <Stack gap={2} mt="sm" mb="lg">
              <Title order={2}>Choose a theme</Title>
              <Text c="dimmed" size="sm">
                {can('create')
                  ? 'A theme sets the dashboard’s background, panel and accent colours. Dark themes suit control rooms.'
                  : 'You may view dashboards but not create them; ask an administrator for the right.'}
              </Text>
            </Stack>
            <ThemePicker
              value={themeId}
              onChange={(id) => {
                if (!can('create')) return;
                setThemeId(id);
                trail.cut(0);
                trail.extend({ label: DASHBOARD_THEMES.find((t) => t.id === id)?.name ?? id });
              }}
            />
          </>
        )}
      </div>
    </ScrollArea>
  );
}
