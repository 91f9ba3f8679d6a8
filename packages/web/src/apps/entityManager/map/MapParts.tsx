/** The map's overlays: legend with counts and a re-fit button, the point popup, and the no-WebGL state. */
import type { EntityKind } from '@ferrite/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowRight, IconFocusCentered, IconMapOff } from '@tabler/icons-react';
import { plural } from '../common/format';
import type { PointProperties } from './geojson';
import classes from './Map.module.css';
import { KIND_COLORS } from './mapStyle';

interface MapLegendProps {
  counts: Record<EntityKind, number>;
  onFit: () => void;
  /** A line under the legend, e.g. why the offline map shows. */
  note?: string;
}

/** Which colour is which kind, how many of each are placed, and a way back to all of them. */
export function MapLegend({ counts, onFit, note }: MapLegendProps) {
  return (
    <Paper className={classes.legend} shadow="sm" radius="md" withBorder data-testid="map-legend">
      <Group gap="md" wrap="nowrap">
        {(['asset', 'sensor'] as const).map((kind) => (
          <Group key={kind} gap={6} wrap="nowrap">
            <span className={classes.dot} style={{ background: KIND_COLORS[kind] }} />
            <Text size="sm" data-legend={kind}>
              {plural(counts[kind], kind)}
            </Text>
          </Group>
        ))}
        <Tooltip label="Show all points" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label="Show all points" onClick={onFit}>
            <IconFocusCentered size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {note && (
        <Text size="xs" c="dimmed" mt={2} mb={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** The popup body: what the point is, and the way to its detail. */
export function PopupCard({ point, onOpen }: { point: PointProperties; onOpen: () => void }) {
  return (
    <Stack gap={6} className={classes.popup} data-testid="map-popup">
      <Group gap={6} wrap="nowrap">
        <span className={classes.dot} style={{ background: KIND_COLORS[point.kind] }} />
        <Text fw={600} size="sm" lineClamp={2}>
          {point.name}
        </Text>
      </Group>
      <Group gap={6}>
        <Badge size="sm" variant="light" color={point.kind === 'asset' ? 'teal' : 'orange'} radius="sm">
          {point.kind}
        </Badge>
        <Text size="xs" c="dimmed">
          {point.type_name}
        </Text>
      </Group>
      <Button
        size="compact-sm"
        variant="light"
        rightSection={<IconArrowRight size={14} />}
        onClick={onOpen}
        mt={2}
      >
        Open in {point.kind === 'asset' ? 'Assets' : 'Sensors'}
      </Button>
    </Stack>
  );
}

/** Shown when MapLibre cannot start (no WebGL in this browser). */
export function MapUnavailable({ reason }: { reason: string }) {
  return (
    <Center h="100%" p="xl">
      <EmptyState
        size="md"
        variant="light"
        color="gray"
        icon={<IconMapOff stroke={1.6} />}
        title="The map cannot be drawn here"
        description={`This browser could not start the map (${reason}). Entities and their coordinates are still listed in the Assets and Sensors sections.`}
        maw={440}
      />
    </Center>
  );
}
