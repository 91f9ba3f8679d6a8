/**
 * Stream Logic: logic chains per project that transform, route and act on live data. Self-describing
 * node kinds (`nodes/`), chains deployed by revision with versions and rollback (`pipelines/`), a
 * runtime on every durable telemetry batch with its state in the database (`runtime/`, `engine/`), and a
 * live trace of every message (`trace/`). Owns the `pipelineTrace` socket room (members with Stream Logic).
 */
import { defineModule } from '../../platform/module';
import type { DeviceDeps } from '../iotManager';
import { streamLogicRoutes } from './routes';
import { chainRuntimeOf, createChainRuntime } from './runtime/chainRuntime';
import { TraceRepository } from './trace/repository';

export const streamLogicModule = defineModule<DeviceDeps>({
  key: 'streamLogic',
  routes: streamLogicRoutes,
  socketRooms: {
    // A chain's live trace: members with Stream Logic, for their organization's chains only.
    pipelineTrace: {
      apps: ['streamLogic'],
      exists: ({ db }, room) => new TraceRepository(db).chainExists(room.orgId, room.pipelineId),
    },
  },
  onTelemetry: (deps) => createChainRuntime(deps),
  start: async (deps) => {
    const runtime = chainRuntimeOf(deps);
    runtime?.bind(deps);
    return runtime ? { stop: () => runtime.stop() } : undefined;
  },
});
