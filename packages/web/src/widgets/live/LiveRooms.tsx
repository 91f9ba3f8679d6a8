/**
 * The socket rooms of an open dashboard: one `sensor` room per sensor its open panel reads, shared by
 * every widget on that sensor (their values go through the LiveStore), and the room of the dashboard
 * itself (members: `dashboard`; link holders: `sharedDashboard`). After a reconnect the rooms are joined
 * again (app/socket.ts) and `onResume` asks the widgets to read what they missed.
 */
import type { DashboardChangedEvent, DashboardShareEndedEvent, SocketRoom } from '@ferrite/contracts';
import { useEffect } from 'react';
import { useResumeOnReconnect, useSensorRoom } from '../../app/sensorRoom';
import { type RoomStatus, type SocketRoomOptions, useSocketRoom } from '../../app/socket';
import type { LiveStore } from './liveStore';

interface SensorRoomProps {
  orgId: string;
  sensorId: string;
  live: LiveStore;
  options?: SocketRoomOptions;
  onResume?: () => void;
  onStatus?: (sensorId: string, status: RoomStatus) => void;
}

function SensorRoom({ orgId, sensorId, live, options, onResume, onStatus }: SensorRoomProps) {
  const status = useSensorRoom({ orgId, sensorId, onValues: (event) => live.push(event), onResume, options });
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
