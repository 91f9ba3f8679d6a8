/**
 * The open "Sensor data" card: the latest value per parameter (GET …/latest, refreshed every 30 s)
 * and the history chart. A sensor that never reported keeps the empty state: no invented numbers.
 */
import { type Entity, MESSAGES } from '@ferrite/contracts';
import { Alert, Center, EmptyState, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useGetSensorLatestQuery } from '../api';
import { useOrgId } from '../hooks';
import { formatValue } from '../values';
import classes from './Entities.module.css';
import { SensorHistoryChart } from './SensorHistoryChart';
import { relativeTime } from './sensorRanges';

/** The spec'd empty state until a gateway feeds the sensor. */
export const NO_DATA_MESSAGE = 'No data yet — connect a gateway in IoT Manager to see live values';

/** How often the latest values refresh while the card is open (live sockets come later). */
export const LATEST_POLL_MS = 30_000;

type Parameter = Entity['parameters'][number];

/** Decimals a latest reading keeps on the card (sensor floats carry noise such as 2.3000000000000003). */
const LATEST_DECIMALS = 3;

/** A stored number as its parameter's data type reads it (booleans arrive as 1/0). */
function shownValue(parameter: Parameter, value: number): string {
  const text =
    parameter.data_type === 'boolean' ? String(value !== 0) : String(Number(value.toFixed(LATEST_DECIMALS)));
  return formatValue(parameter.data_type, text, parameter.unit);
}

export function SensorDataPanel({ entity }: { entity: Entity }) {
  const orgId = useOrgId();
  const latest = useGetSensorLatestQuery(
    { orgId, sensorId: entity.id },
    { skip: !orgId, pollingInterval: LATEST_POLL_MS, skipPollingIfUnfocused: true },
  );

  if (latest.isError && !latest.currentData) {
    return (
      <div className={classes.sensorData} data-testid="sensor-data">
        <Alert color="red" variant="light">
          {MESSAGES.widgetLoadError}
        </Alert>
      </div>
    );
  }
  if (!latest.currentData) {
    return (
      <div className={classes.sensorData} data-testid="sensor-data">
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs" mb="sm">
          {entity.parameters.map((p) => (
            <Skeleton key={p.key} height={72} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton height={200} radius="md" data-testid="sensor-data-loading" />
      </div>
    );
  }

  const values = latest.currentData.values;
  const byKey = new Map(values.map((v) => [v.param_key, v]));
  const now = new Date();
  return (
    <div className={classes.sensorData} data-testid="sensor-data">
      {entity.parameters.length > 0 && (
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs" mb="sm">
          {entity.parameters.map((parameter) => {
            const reading = byKey.get(parameter.key);
            return (
              <div key={parameter.key} className={classes.latest} data-parameter={parameter.key}>
                <Text size="xs" c="dimmed" className={classes.mono} truncate>
                  {parameter.key}
                </Text>
                <Text className={classes.latestValue} data-testid={`latest-${parameter.key}`}>
                  {reading ? shownValue(parameter, reading.value) : '—'}
                </Text>
                <Text size="xs" c="dimmed" title={reading?.ts}>
                  {reading ? relativeTime(reading.ts, now) : 'No reading yet'}
                </Text>
              </div>
            );
          })}
        </SimpleGrid>
      )}
      {values.length === 0 || entity.parameters.length === 0 ? (
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
      ) : (
        <SensorHistoryChart sensorId={entity.id} parameters={entity.parameters} />
      )}
    </div>
  );
}
