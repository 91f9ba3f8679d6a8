/**
 * The socket rooms of an open dashboard: one `sensor` room per sensor its open panel reads, shared by
 * every widget on that sensor (their values go through the LiveStore), and the room of the dashboard
 * itself (members: `dashboard`; link holders: `sharedDashboard`). After a reconnect the rooms are joined
 * again (app/socket.ts) and `onResume` asks the widgets to read what they missed.
 */
import type { DashboardChangedEvent, DashboardShareEndedEvent, SocketRoom } from '@ferrite/contracts';
import { useEffect, useRef } from 'react';
import { type RoomStatus, type SocketRoomOptions, useSocketRoom } from '../../../app/socket';
import type { LiveStore } from './liveStore';

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

interface SensorRoomProps {
  orgId: string;
  sensorId: string;
  live: LiveStore;
  options?: SocketRoomOptions;
  onResume?: () => void;
  onStatus?: (sensorId: string, status: RoomStatus) => void;
}

function SensorRoom({ orgId, sensorId, live, options, onResume, onStatus }: SensorRoomProps) {
  const status = useSocketRoom(
    { kind: 'sensor', orgId, sensorId },
    {
      // Every handler of the connection hears every sensor's values: keep this sensor's.
      'sensor.values': (event) => {
        if (event.sensor_id === sensorId) live.push(event);
      },
    },
    options,
  );
  useResumeOnReconnect(status, onResume);
  useEffect(() => {
    onStatus?.(sensorId, status);
  }, [onStatus, sensorId, status]);
  return null;
}

interface SensorRoomsProps {
  orgId: string;
  sensorIds: readonly string[];
  live: LiveStore;
  /** The link's share token in the shared view; the session's token otherwise. */
  options?: SocketRoomOptions;
  onResume?: () => void;
  onStatus?: (sensorId: string, status: RoomStatus) => void;
}

/** One room per sensor. */
export function SensorRooms({ sensorIds, ...rest }: SensorRoomsProps) {
  return (
    <>
      {sensorIds.map((sensorId) => (
        <SensorRoom key={sensorId} sensorId={sensorId} {...rest} />
      ))}
    </>
  );
}

interface DashboardRoomProps {
  room: SocketRoom | null;
  options?: SocketRoomOptions;
  onChanged: (event: DashboardChangedEvent) => void;
  onShareEnded?: (event: DashboardShareEndedEvent) => void;
  onResume?: () => void;
}

/** The dashboard's own room; answers its status (the header's live badge). */
export function useDashboardRoom({
  room,
  options,
  onChanged,
  onShareEnded,
  onResume,
}: DashboardRoomProps): RoomStatus {
  const status = useSocketRoom(
    room,
    {
      'dashboard.changed': onChanged,
      ...(onShareEnded ? { 'dashboard.share_ended': onShareEnded } : {}),
    },
    options,
  );
  useResumeOnReconnect(status, onResume);
  return status;
}

/** The distinct sensors a panel's widgets read, in a stable order. */
export function sensorsOf(bindings: readonly { sensor_id: string }[][]): string[] {
  return [...new Set(bindings.flat().map((b) => b.sensor_id))].sort();
}
