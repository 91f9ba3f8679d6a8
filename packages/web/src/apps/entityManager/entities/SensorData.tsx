/**
 * "Show sensor data" (spec §3 show-sensor-data flag): the latest value per parameter and a history
 * chart (SensorDataPanel), read from the telemetry API while the card is open.
 */
import type { Entity } from '@ferrite/contracts';
import { Button, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectEntityManager, showSensorDataToggled } from '../store';
import { DetailCard } from './DetailSections';
import { SensorDataPanel } from './SensorDataPanel';

export { NO_DATA_MESSAGE } from './SensorDataPanel';

/** The sensor data card; collapsed until the user asks for it (the flag survives moving between sensors). */
export function SensorData({ entity }: { entity: Entity }) {
  const dispatch = useAppDispatch();
  const shown = useAppSelector((state) => selectEntityManager(state).showSensorData);
  const toggle = (
    <Button
      size="compact-sm"
      variant={shown ? 'default' : 'light'}
      leftSection={shown ? <IconEyeOff size={14} /> : <IconEye size={14} />}
      onClick={() => dispatch(showSensorDataToggled())}
    >
      {shown ? 'Hide sensor data' : 'Show sensor data'}
    </Button>
  );
  return (
    <DetailCard title="Sensor data" aside={toggle}>
      {!shown ? (
        <Text size="sm" c="dimmed" p="md">
          Latest values and history of{' '}
          {entity.parameters.length === 1 ? 'its parameter' : `its ${entity.parameters.length} parameters`}.
        </Text>
      ) : (
        <SensorDataPanel entity={entity} />
      )}
    </DetailCard>
  );
}
