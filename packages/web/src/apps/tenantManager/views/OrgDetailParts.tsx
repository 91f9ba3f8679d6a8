/** The organization detail's stat cards and its facts panel (admin, dates, id). */
import { APP_KEYS, type Organization } from '@ferrite/contracts';
import {
  ActionIcon,
  Avatar,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconApps,
  IconCheck,
  IconCopy,
  IconDatabase,
  IconRouter,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useBrand } from '../../../brand/useBrand';
import { DateTime, formatRelative } from '../../../ui/time';
import { initials } from './format';
import { SeatUse } from './OrgBits';
import classes from './views.module.css';

function Stat({
  icon: Icon,
  color,
  label,
  children,
}: {
  icon: TablerIcon;
  color: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" className={classes.panel}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size={38} radius="md">
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.statLabel}>
            {label}
          </Text>
          {children}
        </div>
      </Group>
    </Paper>
  );
}

function Big({ children, unit }: { children: ReactNode; unit?: string }) {
  return (
    <Text fz={22} fw={650} lh={1.3}>
      {children}
      {unit && (
        <Text span size="sm" c="dimmed" fw={500} ml={4}>
          {unit}
        </Text>
      )}
    </Text>
  );
}

/** Users against their limit, gateway and retention limits, and how many apps are on. */
export function OrgStatCards({ org }: { org: Organization }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Stat icon={IconUsers} color="teal" label="Users">
        <SeatUse used={org.user_count} limit={org.limits.users} />
      </Stat>
      <Stat icon={IconRouter} color="blue" label="Gateway limit">
        <Big>{org.limits.gateways.toLocaleString('en')}</Big>
      </Stat>
      <Stat icon={IconDatabase} color="grape" label="Data retention">
        <Big unit="days">{org.limits.data_retention_days.toLocaleString('en')}</Big>
      </Stat>
      <Stat icon={IconApps} color="orange" label="Apps">
        <Big unit={`of ${APP_KEYS.length}`}>{org.apps.length}</Big>
      </Stat>
    </SimpleGrid>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.statLabel} mb={4}>
        {label}
      </Text>
      {children}
    </div>
  );
}

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            onClick={copy}
            aria-label={`Copy ${label}`}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** Admin, address, dates and id, in a side panel. */
export function OrgDetailFacts({ org }: { org: Organization }) {
  const { subDomainSuffix } = useBrand();
  const address = `${org.slug}${subDomainSuffix}`;
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.panel}>
      <Stack gap="md">
        <Fact label="Admin">
          {org.admin ? (
            <Group gap="sm" wrap="nowrap">
              <Avatar size={32} radius="xl" color="initials" name={org.admin.name}>
                {initials(org.admin.name)}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {org.admin.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {org.admin.email}
                </Text>
              </div>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No admin yet
            </Text>
          )}
        </Fact>
        <Fact label="Address">
          <Group gap={4} wrap="nowrap">
            <Text size="sm" ff="monospace" truncate>
              {address}
            </Text>
            <Copyable value={address} label="address" />
          </Group>
        </Fact>
        <Fact label="Created">
          <Text size="sm">
            <DateTime value={org.created_at} />{' '}
            <Text span size="xs" c="dimmed">
              · {formatRelative(org.created_at)}
            </Text>
          </Text>
        </Fact>
        {org.archived_at && (
          <Fact label="Archived">
            <Text size="sm">
              <DateTime value={org.archived_at} />
            </Text>
          </Fact>
        )}
        <Fact label="Organization ID">
          <Group gap={4} wrap="nowrap">
            <Text size="xs" ff="monospace" c="dimmed" truncate>
              {org.id}
            </Text>
            <Copyable value={org.id} label="ID" />
          </Group>
        </Fact>
      </Stack>
    </Paper>
  );
}
