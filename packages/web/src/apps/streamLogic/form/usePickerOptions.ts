/**
 * The choices of an entity picker (`picker` in a config schema): the project's sensors, gateways or
 * assets, the sensor types, or the members. Only the picker's own list is read.
 */
import {
  type PickerOption,
  useStreamAssetsQuery,
  useStreamGatewaysQuery,
  useStreamMembersQuery,
  useStreamSensorsQuery,
  useStreamSensorTypesQuery,
} from '../api/pickersApi';
import { useErrorToast, useOrgId } from '../hooks';

/** The options of a picker, and whether they are still loading. */
export function usePickerOptions(
  picker: string,
  projectId: string,
): { options: PickerOption[]; loading: boolean } {
  const orgId = useOrgId();
  const arg = { orgId, projectId };
  const sensors = useStreamSensorsQuery(arg, {
    skip: !orgId || !picker.startsWith('sensor') || picker === 'sensor_type',
  });
  const types = useStreamSensorTypesQuery({ orgId }, { skip: !orgId || picker !== 'sensor_type' });
  const gateways = useStreamGatewaysQuery(arg, { skip: !orgId || picker !== 'gateway' });
  const assets = useStreamAssetsQuery(arg, { skip: !orgId || picker !== 'asset' });
  const members = useStreamMembersQuery({ orgId }, { skip: !orgId || picker !== 'member' });
  const query =
    picker === 'sensor_type'
      ? types
      : picker === 'gateway'
        ? gateways
        : picker === 'asset'
          ? assets
          : picker === 'member'
            ? members
            : sensors;
  // Spec §8: a gateway or asset list that fails to load says why, in the server's words.
  useErrorToast(query.error);
  return { options: query.data ?? [], loading: query.isLoading };
}
