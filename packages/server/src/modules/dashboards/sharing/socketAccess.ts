/**
 * What a socket connected with a share token may join: its own link's `sharedDashboard` room and the
 * `sensor` rooms of sensors its dashboard's widgets read, nothing else; and, for members, the
 * `dashboard` room of a dashboard of their organization. The socket server asks these on every join.
 */
import type { SocketRoom } from '@ferrite/contracts';
import type { JwtService } from '../../../platform/security/jwt';
import { DashboardRepository } from '../dashboards/repository';
import type { DB } from '../shared';
import { WidgetRepository } from '../widgets/repository';
import { checkShareToken, type ShareScope } from './shareAccess';

/** The scope of a share token at connect, or null when it is not a usable share token. */
export async function shareSocketScope(db: DB, jwt: JwtService, token: string): Promise<ShareScope | null> {
  const checked = await checkShareToken(db, jwt, token);
  return 'scope' in checked ? checked.scope : null;
}

/** Why a link holder may not join the room, or null when they may (the link is checked again now). */
export async function shareJoinProblem(
  db: DB,
  jwt: JwtService,
  token: string,
  room: SocketRoom,
): Promise<string | null> {
  const checked = await checkShareToken(db, jwt, token);
  if ('problem' in checked) return checked.problem.detail;
  const { scope } = checked;
  if (room.kind === 'sharedDashboard')
    return room.uuid === scope.uuid ? null : 'This token belongs to another dashboard link';
  if (room.kind === 'sensor') {
    if (room.orgId !== scope.orgId) return 'Not found';
    const reads = await new WidgetRepository(db).dashboardReadsSensor(
      scope.orgId,
      scope.dashboardId,
      room.sensorId,
    );
    return reads ? null : 'Not found';
  }
  return 'A shared link may follow only its own dashboard and the sensors its widgets read';
}

/** Whether the dashboard is one of the organization's (members joining its room). */
export function dashboardExists(db: DB, orgId: string, dashboardId: string): Promise<boolean> {
  return new DashboardRepository(db).exists(orgId, dashboardId);
}
