/**
 * A sensor's latest value per parameter, live: read once (GET …/latest), then every value the sensor's
 * socket room brings replaces the one it is newer than, like a dashboard's widgets. While the room is
 * down the read is repeated instead, and a room that comes back reads what it missed.
 */
import type { SensorValuesEvent, TelemetryLatestResponse } from '@ferrite/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSensorRoom } from '../../../app/sensorRoom';
import { useGetSensorLatestQuery } from '../api/telemetryApi';

/** How often the latest values are read again while the socket is down (live values need no polling). */
export const LATEST_FALLBACK_POLL_MS = 10_000;

export type Reading = TelemetryLatestResponse['values'][number];

interface LiveValues {
  sensorId: string;
  byKey: Map<string, Reading>;
}

/** The newer of two readings of one parameter (by the reading's own time, not when it arrived). */
function newer(a: Reading | undefined, b: Reading): Reading {
  return a && Date.parse(a.ts) > Date.parse(b.ts) ? a : b;
}

/** The latest reading per parameter, the read's state, and whether values follow the socket. */
export function useLatestReadings(orgId: string, sensorId: string) {
  const [live, setLive] = useState<LiveValues>({ sensorId, byKey: new Map() });
  const onValues = useCallback(
    (event: SensorValuesEvent) =>
      setLive((current) => {
        const byKey = new Map(current.sensorId === event.sensor_id ? current.byKey : []);
        for (const reading of event.values)
          byKey.set(reading.param_key, newer(byKey.get(reading.param_key), reading));
        return { sensorId: event.sensor_id, byKey };
      }),
    [],
  );
  // The read is made below the room (its polling depends on the room's status); a resume reaches it here.
  const refetch = useRef(() => {});
  const status = useSensorRoom({ orgId, sensorId, onValues, onResume: () => refetch.current() });
  const following = status === 'live';
  const latest = useGetSensorLatestQuery(
    { orgId, sensorId },
    { skip: !orgId, pollingInterval: following ? 0 : LATEST_FALLBACK_POLL_MS, skipPollingIfUnfocused: true },
  );
  refetch.current = latest.refetch;

  const fetched = latest.currentData?.values;
  const liveByKey = live.sensorId === sensorId ? live.byKey : null;
  const values = useMemo(() => {
    if (!fetched) return undefined;
    const byKey = new Map(fetched.map((reading) => [reading.param_key, reading]));
    for (const [key, reading] of liveByKey ?? []) byKey.set(key, newer(byKey.get(key), reading));
    return [...byKey.values()];
  }, [fetched, liveByKey]);

  return { values, isError: latest.isError, following };
}
