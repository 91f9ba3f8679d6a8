/**
 * Entity Manager: asset and sensor types with their effective parameters, assets and sensors of a
 * project and their hierarchy. Owns the `sensor` socket room (live values of one sensor), which the
 * apps that show sensor data may join.
 */
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from '../iotManager';
import { EntityRepository } from './entities/repository';
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
      exists: ({ db }, room) => new EntityRepository(db).sensorExists(room.orgId, room.sensorId),
    },
  },
});

export { depthFirst } from './hierarchy/order';
export { HierarchyRepository } from './hierarchy/repository';
export { SENSOR_TTL_MS, SensorDirectory, type SensorInfo, selectSensors } from './sensors/directory';
export { effectiveOf, effectiveParameters, type TypeNode } from './types/effective';
export { TypeRepository } from './types/repository';
