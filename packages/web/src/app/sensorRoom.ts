/**
 * A sensor's live values over the session's socket (contracts `sensor` room, `sensor.values`), shared by
 * every view that follows a sensor (a dashboard's widgets, the Entity Manager's sensor card), and the
 * reconnect rule they share: a room that comes back after a break asks its view to read what it missed.
 */
import type { SensorValuesEvent } from '@ferrite/contracts';
import { useEffect, useRef } from 'react';
import { type RoomStatus, type SocketRoomOptions, useSocketRoom } from './socket';

/** Calls `onResume` when a room that was live goes live again after a break. */
export function useResumeOnReconnect(status: RoomStatus, onResume: (() => void) | undefined): void {
  const wasLive = useRef(false);
  const broken = useRef(false);
  const resume = useRef(onResume);
  resume.current = onResume;
  useEffect(() => {
    if (status === 'live') {
      if (wasLive.current && broken.current) resume.current?.();
      wasLive.current = true;
      broken.current = false;
    } else if (status === 'offline' && wasLive.current) {
      broken.current = true;
    }
  }, [status]);
}

/** What `useSensorRoom` follows and whom it tells. */
export interface SensorRoomArgs {
  /** Null or '' joins nothing (the session's organization is not known yet). */
  orgId: string | null;
  sensorId: string | null;
  /** This sensor's new values, as the server stored them (each with its reading's own time). */
  onValues: (event: SensorValuesEvent) => void;
  /** Called when the room is live again after a break: read what the socket missed. */
  onResume?: () => void;
  /** The link's share token in the shared dashboard view; the session's token otherwise. */
  options?: SocketRoomOptions;
}

/** Joins the sensor's room while mounted and hands over its values; answers the room's status. */
export function useSensorRoom({ orgId, sensorId, onValues, onResume, options }: SensorRoomArgs): RoomStatus {
  const status = useSocketRoom(
    orgId && sensorId ? { kind: 'sensor', orgId, sensorId } : null,
    {
      // Every handler of the connection hears every sensor's values: keep this sensor's.
      'sensor.values': (event) => {
        if (event.sensor_id === sensorId) onValues(event);
      },
    },
    options,
  );
  useResumeOnReconnect(status, onResume);
  return status;
}
