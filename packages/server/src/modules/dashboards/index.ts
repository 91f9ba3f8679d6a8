/**
 * Dashboards: dashboards, panels, widgets and command widgets, links and shares, the catalogue and
 * report files. Owns the `dashboard` room (members) and the `sharedDashboard` room, which only the
 * holder of a shared link's token joins; such a guest may also follow the sensors its dashboard reads.
 */
import { SOCKET_EVENTS } from '@ferrite/contracts';
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from '../iotManager';
import { reportSweepJob } from './reports/sweep';
import { dashboardsRoutes } from './routes';
import { dashboardExists, shareJoinProblem, shareSocketScope } from './sharing/socketAccess';

export const dashboardsModule = defineModule<DeviceDeps>({
  key: 'dashboards',
  routes: dashboardsRoutes,
  socketRooms: {
    dashboard: {
      apps: ['dashboards'],
      exists: ({ db }, room) => dashboardExists(db, room.orgId, room.dashboardId),
    },
    // Members follow the dashboard's own room.
    sharedDashboard: { membersRefused: 'Open the shared link to follow it' },
  },
  socketGuests: {
    resolve: async ({ db, jwt }, token) => {
      const scope = await shareSocketScope(db, jwt, token);
      if (!scope) return null;
      return { expiresAt: scope.expiresAt, joinProblem: (room) => shareJoinProblem(db, jwt, token, room) };
    },
    endEvent: SOCKET_EVENTS.dashboardShareEnded,
  },
  jobs: (deps) => [reportSweepJob(deps)],
});
