/**
 * The Alerts home: open alerts by severity and status, what fired per hour and recently, the rules and
 * the silences, and the way into the rule editor ("New rule").
 */
import { type AlertSeverity, APPS } from '@ferrite/contracts';
import { Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPlus } from '@tabler/icons-react';
import { AppTile } from '../../../workspace/AppTile';
import { useAlertSummaryQuery } from '../api/alertsApi';
import { useCan, useOrgId } from '../hooks';
import { useAlertsLive } from '../inbox/useAlertsLive';
import { FiredChart } from './FiredChart';
import classes from './Home.module.css';
import { RecentAlerts } from './RecentAlerts';
import { RulesPanel } from './RulesPanel';
import { SeverityCards } from './SeverityCards';
import { SilencesPanel } from './SilencesPanel';

interface AlertsHomeProps {
  onOpenAlert: (id: string) => void;
  onEditRule: (ruleId: string | null) => void;
  /** Opens the inbox, filtered by a severity when one is given. */
  onInbox: (severity?: AlertSeverity) => void;
}

function Panel({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.panel}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h5" fw={650}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** The home section. */
export function AlertsHome({ onOpenAlert, onEditRule, onInbox }: AlertsHomeProps) {
  const orgId = useOrgId();
  const can = useCan();
  const summary = useAlertSummaryQuery({ orgId }, { skip: !orgId, refetchOnMountOrArgChange: true });
  useAlertsLive();
  const data = summary.data;
  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.wash} data-app-home="alerts">
        <div className={classes.page}>
          <Group justify="space-between" wrap="nowrap" mb="xl" align="center">
            <Group gap="lg" wrap="nowrap">
              <AppTile appKey="alerts" size={60} />
              <div>
                <Title order={2} className={classes.title}>
                  {APPS.alerts.title}
                </Title>
                <Text c="dimmed">{APPS.alerts.description}</Text>
              </div>
            </Group>
            {can('manageRules') && (
              <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => onEditRule(null)}>
                New rule
              </Button>
            )}
          </Group>

          <SeverityCards summary={data} onSeverity={onInbox} />

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="lg">
            <Panel
              title="Fired recently"
              action={
                <Button
                  size="compact-sm"
                  variant="subtle"
                  rightSection={<IconArrowRight size={14} />}
                  onClick={() => onInbox()}
                >
                  Open inbox
                </Button>
              }
            >
              <Stack gap="md">
                <FiredChart summary={data} />
                <RecentAlerts
                  alerts={data?.recent ?? (summary.isError ? [] : undefined)}
                  onOpen={onOpenAlert}
                />
              </Stack>
            </Panel>
            <Stack gap="md">
              <Panel
                title="Rules"
                action={
                  data && (
                    <Text size="xs" c="dimmed">
                      {data.rules.enabled} of {data.rules.total} enabled
                    </Text>
                  )
                }
              >
                <RulesPanel onEdit={onEditRule} />
              </Panel>
              <Panel
                title="Silences"
                action={
                  data && (
                    <Text size="xs" c="dimmed">
                      {data.active_silences} muting now
                    </Text>
                  )
                }
              >
                <SilencesPanel />
              </Panel>
            </Stack>
          </SimpleGrid>
        </div>
      </div>
    </ScrollArea>
  );
}
