/** The project workspace's header: trail, project name with its counts, import/export and "New" buttons. */
import type { BreadcrumbTrailKey, EntityKind } from '@ferrite/contracts';
import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import {
  IconBox,
  IconChevronDown,
  IconDownload,
  IconFileImport,
  IconPlus,
  IconTemperature,
} from '@tabler/icons-react';
import { Breadcrumbs, TrailHeading } from '../../../ui/Breadcrumbs';
import { plural } from '../common/format';
import classes from './Entities.module.css';

interface WorkspaceHeaderProps {
  trail: BreadcrumbTrailKey;
  projectName: string;
  counts: { asset: number; sensor: number } | null;
  /** The section's own kind: its "New" button comes first. */
  kind: EntityKind;
  canCreate: Record<EntityKind, boolean>;
  canImportExport: boolean;
  onNew: (kind: EntityKind) => void;
  onImport: () => void;
  onExport: (format: 'csv' | 'json') => void;
}

/** The project's counts beside its description, assets first. */
const COUNT_BADGES = [
  { kind: 'asset', color: 'teal', Icon: IconBox },
  { kind: 'sensor', color: 'orange', Icon: IconTemperature },
] as const;

/** The header row above the split. */
export function WorkspaceHeader(props: WorkspaceHeaderProps) {
  const { trail, projectName, counts, kind, canCreate } = props;
  const other: EntityKind = kind === 'asset' ? 'sensor' : 'asset';
  const Icon = kind === 'asset' ? IconBox : IconTemperature;
  return (
    <div className={classes.header}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <div style={{ minWidth: 0 }}>
          {/* The trail ends in the project's name: one line says where this is and what it is. */}
          <TrailHeading heading={projectName}>
            <Breadcrumbs trail={trail} />
          </TrailHeading>
          <Group gap={6} wrap="nowrap" mt={4}>
            {counts &&
              COUNT_BADGES.map(({ kind: counted, color, Icon: CountIcon }) => (
                <Badge
                  key={counted}
                  variant="light"
                  color={color}
                  radius="sm"
                  tt="none"
                  leftSection={<CountIcon size={12} />}
                  data-testid={`count-${counted}s`}
                  style={{ flex: 'none' }}
                >
                  {plural(counts[counted], counted)}
                </Badge>
              ))}
            <Text size="xs" c="dimmed" truncate>
              {kind === 'sensor'
                ? 'Sensors of the project, and the hierarchy they hang in.'
                : 'Assets of the project as a hierarchy; sensors hang under them.'}
            </Text>
          </Group>
        </div>
        <Group gap="xs" wrap="nowrap">
          {props.canImportExport && (
            <>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={props.onImport}>
                Import
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                  >
                    Export
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => props.onExport('csv')}>Export CSV</Menu.Item>
                  <Menu.Item onClick={() => props.onExport('json')}>Export JSON</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
          {canCreate[other] && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => props.onNew(other)}>
              New {other}
            </Button>
          )}
          {canCreate[kind] && (
            <Button leftSection={<Icon size={16} />} onClick={() => props.onNew(kind)}>
              New {kind}
            </Button>
          )}
        </Group>
      </Group>
    </div>
  );
}
