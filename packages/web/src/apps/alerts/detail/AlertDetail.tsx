/**
 * One alert: its severity, status and actions; the chart of the triggering sensor with the alert marked
 * at the reading that fired it; comments; and the timeline of state changes and notifications.
 */
import { APPS, SEVERITY_COLORS } from '@ferrite/contracts';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { DateTime } from '../../../ui/time';
import { useAlertTimelineQuery, useGetAlertQuery } from '../api/alertsApi';
import { SeverityBadge, StatusBadge } from '../common/Badges';
import { useCan, useOrgId } from '../hooks';
import { useAlertsLive } from '../inbox/useAlertsLive';
import { AlertActions } from './AlertActions';
import { AlertChart } from './AlertChart';
import { Comments } from './Comments';
import { AlertTimelineView } from './Timeline';

interface AlertDetailProps {
  alertId: string;
  backLabel: string;
  onBack: () => void;
  onEditRule: (ruleId: string) => void;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The detail page. */
export function AlertDetail({ alertId, backLabel, onBack, onEditRule }: AlertDetailProps) {
  const orgId = useOrgId();
  const can = useCan();
  const query = useGetAlertQuery({ orgId, alertId }, { skip: !orgId });
  const timeline = useAlertTimelineQuery({ orgId, alertId }, { skip: !orgId });
  useAlertsLive();
  const alert = query.data;
  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap="md" p="xl" maw={1200} mx="auto">
        <Group justify="space-between">
          <Breadcrumbs>
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              {backLabel}
            </Anchor>
            <Text size="sm">Alert</Text>
          </Breadcrumbs>
          <Button size="xs" variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
            Back
          </Button>
        </Group>
        {!alert ? (
          query.isError ? (
            <Text c="dimmed">This alert cannot be shown. It may have been deleted.</Text>
          ) : (
            <Stack gap="sm">
              <Skeleton height={40} width="60%" />
              <Skeleton height={24} width="40%" />
              <Skeleton height={260} />
            </Stack>
          )
        ) : (
          <>
            <Paper
              withBorder
              radius="lg"
              p="lg"
              style={{
                borderLeft: `6px solid var(--mantine-color-${SEVERITY_COLORS[alert.severity]}-filled)`,
              }}
            >
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs" mb={4}>
                    <SeverityBadge severity={alert.severity} />
                    <StatusBadge status={alert.status} />
                    {alert.archived && (
                      <Badge variant="outline" color="gray">
                        Archived
                      </Badge>
                    )}
                  </Group>
                  <Title order={2} size="h3" data-testid="alert-title">
                    {alert.alert_rule?.rule_name ?? APPS[alert.app].title}
                  </Title>
                  <Text c="dimmed">{alert.description}</Text>
                </div>
                {alert.alert_rule && can('manageRules') && (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => alert.alert_rule && onEditRule(alert.alert_rule.id)}
                  >
                    Edit rule
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mt="md">
                <Fact label="Fired">
                  <DateTime value={alert.time} withTime />
                </Fact>
                <Fact label="Entity">
                  {alert.entity ? `${alert.entity.name} · ${alert.entity.path}` : '—'}
                </Fact>
                <Fact label="Value">
                  {alert.value !== null ? `${alert.param_key ?? ''} = ${alert.value}` : '—'}
                  {alert.threshold ? ` (threshold ${alert.threshold})` : ''}
                </Fact>
                <Fact label="Raised by">{APPS[alert.app].title}</Fact>
                <Fact label="Assignee">{alert.assignee?.name ?? 'Nobody'}</Fact>
                <Fact label="Acknowledged">
                  {alert.acknowledged_at ? (
                    <>
                      <DateTime value={alert.acknowledged_at} relative />
                      {alert.acknowledged_by ? ` by ${alert.acknowledged_by.name}` : ''}
                    </>
                  ) : (
                    'Not yet'
                  )}
                </Fact>
                <Fact label="Policy">{alert.policy_name}</Fact>
                <Fact label="Told">
                  {alert.recipients.length ? alert.recipients.join(', ') : 'Nobody yet'}
                </Fact>
              </SimpleGrid>
              <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
                <AlertActions alert={alert} />
              </div>
            </Paper>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <Stack gap="md">
                  <AlertChart alert={alert} />
                  <Comments alertId={alert.id} events={timeline.data?.events} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Paper withBorder radius="lg" p="md">
                  <Title order={3} size="h5" mb="sm">
                    Timeline
                  </Title>
                  <AlertTimelineView
                    events={timeline.data?.events}
                    notifications={timeline.data?.notifications}
                  />
                </Paper>
              </Grid.Col>
            </Grid>
          </>
        )}
      </Stack>
    </ScrollArea>
  );
}
