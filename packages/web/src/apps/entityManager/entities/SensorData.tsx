/**
 * "Show sensor data" (spec §3 show-sensor-data flag): the latest value per parameter and a history
 * chart area. Telemetry arrives with the IoT Manager, so today both say plainly that nothing came in:
 * no invented numbers.
 */
import type { Entity } from '@ferrite/contracts';
import { Button, Center, EmptyState, SimpleGrid, Text } from '@mantine/core';
import { IconChartLine, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectEntityManager, showSensorDataToggled } from '../store';
import { DetailCard } from './DetailSections';
import classes from './Entities.module.css';

/** The spec'd empty state until a gateway feeds the sensor. */
export const NO_DATA_MESSAGE = 'No data yet — connect a gateway in IoT Manager to see live values';

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
        <div className={classes.sensorData} data-testid="sensor-data">
          {entity.parameters.length > 0 && (
            <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs" mb="sm">
              {entity.parameters.map((parameter) => (
                <div key={parameter.key} className={classes.latest} data-parameter={parameter.key}>
                  <Text size="xs" c="dimmed" className={classes.mono} truncate>
                    {parameter.key}
                  </Text>
                  <Text className={classes.latestValue}>
                    —{' '}
                    <Text span size="xs" c="dimmed">
                      {parameter.unit}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    No reading yet
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          )}
          <Center className={classes.chartArea}>
            <EmptyState
              size="sm"
              variant="light"
              color="gray"
              icon={<IconChartLine stroke={1.6} />}
              title="Parameter history"
              description={NO_DATA_MESSAGE}
              maw={380}
            />
          </Center>
        </div>
      )}
    </DetailCard>
  );
}
