/**
 * Entity Manager: asset and sensor types with their effective parameters, assets and sensors of a
 * project and their hierarchy. Owns the `sensor` socket room (live values of one sensor), which the
 * apps that show sensor data may join.
 */
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from '../iotManager';
import { entityManagerRoutes } from './routes';

export const entityManagerModule = defineModule<DeviceDeps>({
  key: 'entityManager',
  routes: entityManagerRoutes,
  socketRooms: {
    sensor: {
      apps: [
        'entityManager',
        'dashboards',
        'iotManager',
        'digitalTwin',
        'dataInsights',
        'reportWizard',
        'alerts',
      ],
      exists: async ({ db }, room) =>
        Boolean(
          await db
            .selectFrom('entities')
            .select('id')
            .where('org_id', '=', room.orgId)
            .where('id', '=', room.sensorId)
            .where('kind', '=', 'sensor')
            .executeTakeFirst(),
        ),
    },
  },
});

export { depthFirst } from './hierarchy/order';
export { HierarchyRepository } from './hierarchy/repository';
export { effectiveOf, effectiveParameters, type TypeNode } from './types/effective';
export { TypeRepository } from './types/repository';
