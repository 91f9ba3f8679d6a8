/**
 * The open "Sensor data" card: the latest value per parameter, following the sensor's socket room
 * (useLatestReadings), each with its reading's age ticking every second, and the history chart. A sensor
 * that never reported keeps the empty state: no invented numbers.
 */
import { type Entity, MESSAGES } from '@ferrite/contracts';
import { Alert, Center, EmptyState, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { DateTime } from '../../../ui/time';
import { useNow } from '../../../workspace/useNow';
import { useOrgId } from '../hooks';
import { formatValue } from '../values';
import classes from './Entities.module.css';
import { SensorHistoryChart } from './SensorHistoryChart';
import { useLatestReadings } from './useLatestReadings';

/** The spec'd empty state until a gateway feeds the sensor. */
export const NO_DATA_MESSAGE = 'No data yet — connect a gateway in IoT Manager to see live values';

/** How often a reading's age ("8 seconds ago") is redrawn. */
const AGE_TICK_MS = 1_000;

type Parameter = Entity['parameters'][number];

/** Decimals a latest reading keeps on the card (sensor floats carry noise such as 2.3000000000000003). */
const LATEST_DECIMALS = 3;

/** A stored number as its parameter's data type reads it (booleans arrive as 1/0). */
function shownValue(parameter: Parameter, value: number): string {
  const text =
    parameter.data_type === 'boolean' ? String(value !== 0) : String(Number(value.toFixed(LATEST_DECIMALS)));
  return formatValue(parameter.data_type, text, parameter.unit);
}

/** A reading's age from its own time, ticking on its own so the rest of the card does not redraw. */
function ReadingAge({ ts }: { ts: string }) {
  // The tick only redraws: a new reading redraws at once too, and its age is taken at that moment.
  useNow(AGE_TICK_MS);
  const now = Date.now();
  // A device clock a little ahead of ours reads as now rather than "in 8 seconds".
  const from = Math.max(now, Date.parse(ts) || now);
  return (
    <Text size="xs" c="dimmed" data-testid="reading-age">
      <DateTime value={ts} relative now={from} />
    </Text>
  );
}

/** The latest values and the history chart of one sensor. */
export function SensorDataPanel({ entity }: { entity: Entity }) {
  const orgId = useOrgId();
  const latest = useLatestReadings(orgId, entity.id);

  if (latest.isError && !latest.values) {
    return (
      <div className={classes.sensorData} data-testid="sensor-data">
        <Alert color="red" variant="light">
          {MESSAGES.widgetLoadError}
        </Alert>
      </div>
    );
  }
  if (!latest.values) {
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

  const values = latest.values;
  const byKey = new Map(values.map((v) => [v.param_key, v]));
  return (
    <div className={classes.sensorData} data-testid="sensor-data" data-live={latest.following || undefined}>
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
                {reading ? (
                  <ReadingAge ts={reading.ts} />
                ) : (
                  <Text size="xs" c="dimmed">
                    No reading yet
                  </Text>
                )}
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
