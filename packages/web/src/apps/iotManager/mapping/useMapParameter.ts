/**
 * Mapping a JSON path onto a sensor parameter, with the spec §5 conflict rule: when the parameter is
 * already mapped the server answers 409 with the existing mapping, the user is asked whether to remove
 * the previous key and create the new mapping, and on yes the same mapping is sent with replace: true.
 */
import type { MappingConflict } from '@ferrite/contracts';
import { useCallback } from 'react';
import { notifySuccess } from '../../../session/notify';
import { confirmAction } from '../../../ui/confirm';
import { useCreateMappingMutation } from '../api/mappingApi';
import { notifyProblem, problemOf, useOrgId } from '../hooks';

export interface MapTarget {
  sensorId: string;
  sensorName: string;
  paramKey: string;
}

/** The question of spec §5, naming what is mapped now. */
export function conflictMessage(
  target: MapTarget,
  existing: MappingConflict['existing'],
  path: string,
): string {
  return (
    `${target.sensorName} · ${target.paramKey} is already mapped to “${existing.json_path}” of ${existing.gateway_name}. ` +
    `Do you want to remove the previous key and create a new mapping to “${path}”?`
  );
}

function conflictOf(error: unknown): MappingConflict['existing'] | null {
  const problem = problemOf(error) as { status: number; existing?: MappingConflict['existing'] };
  return problem.status === 409 && problem.existing ? problem.existing : null;
}

/** Answers a function mapping `path` onto the target; resolves whether a mapping was made. */
export function useMapParameter(gatewayId: string): (path: string, target: MapTarget) => Promise<boolean> {
  const orgId = useOrgId();
  const [create] = useCreateMappingMutation();
  return useCallback(
    async (path: string, target: MapTarget) => {
      const send = (replace: boolean) =>
        create({
          orgId,
          gatewayId,
          body: { json_path: path.trim(), sensor_id: target.sensorId, param_key: target.paramKey, replace },
        });
      let result = await send(false);
      const existing = result.error ? conflictOf(result.error) : null;
      if (existing) {
        const replace = await confirmAction({
          title: 'Parameter already mapped',
          message: conflictMessage(target, existing, path.trim()),
          confirmLabel: 'Remove and map',
        });
        if (!replace) return false;
        result = await send(true);
      }
      if (result.error) {
        notifyProblem(result.error);
        return false;
      }
      notifySuccess(`Mapped ${path.trim()} to ${target.sensorName} · ${target.paramKey}`);
      return true;
    },
    [orgId, gatewayId, create],
  );
}
