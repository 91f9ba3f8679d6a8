/** Archive, unarchive, delete and token rotation, each behind the spec's confirmation (§5), with a toast. */
import type { Gateway } from '@ferrite/contracts';
import { useCallback } from 'react';
import { notifySuccess } from '../../../session/notify';
import { confirmAction, confirmArchive, confirmDelete } from '../../../ui/confirm';
import {
  useDeleteGatewayMutation,
  useRotateGatewayTokenMutation,
  useSetGatewayArchivedMutation,
} from '../api/gatewaysApi';
import { notifyProblem, useOrgId } from '../hooks';
import type { ShownToken } from './TokenModal';

export interface GatewayActions {
  /** 'Are you sure you want to Archive?' (or Unarchive); true when moved. */
  toggleArchive: (gateway: Gateway) => Promise<boolean>;
  /** 'Are you sure you want to Delete?'; true when deleted. */
  remove: (gateway: Gateway) => Promise<boolean>;
  /** Asks first (devices lose access), then answers the new token to show once. */
  rotateToken: (gateway: Gateway) => Promise<ShownToken | null>;
}

/** The writes on one gateway that the list and the detail page share. */
export function useGatewayActions(): GatewayActions {
  const orgId = useOrgId();
  const [setArchived] = useSetGatewayArchivedMutation();
  const [deleteGateway] = useDeleteGatewayMutation();
  const [rotate] = useRotateGatewayTokenMutation();

  const toggleArchive = useCallback(
    async (gateway: Gateway) => {
      const archived = !gateway.archived_at;
      if (!(await confirmArchive(archived ? 'Archive' : 'Unarchive'))) return false;
      const result = await setArchived({ orgId, gatewayId: gateway.id, archived });
      if (result.error) {
        notifyProblem(result.error);
        return false;
      }
      notifySuccess(
        `${gateway.name} ${archived ? 'archived' : 'unarchived'}`,
        archived ? 'Its devices are refused until it is unarchived.' : 'Its devices can report again.',
      );
      return true;
    },
    [orgId, setArchived],
  );

  const remove = useCallback(
    async (gateway: Gateway) => {
      if (!(await confirmDelete())) return false;
      const result = await deleteGateway({ orgId, gatewayId: gateway.id });
      if (result.error) {
        notifyProblem(result.error);
        return false;
      }
      notifySuccess(`${gateway.name} deleted`);
      return true;
    },
    [orgId, deleteGateway],
  );

  const rotateToken = useCallback(
    async (gateway: Gateway): Promise<ShownToken | null> => {
      const confirmed = await confirmAction({
        title: 'Rotate access token',
        message: `Devices of ${gateway.name} using the current token will be refused until they get the new one. Rotate the token?`,
        confirmLabel: 'Rotate token',
        danger: true,
      });
      if (!confirmed) return null;
      const result = await rotate({ orgId, gatewayId: gateway.id });
      if (result.error) {
        notifyProblem(result.error);
        return null;
      }
      return { gatewayName: gateway.name, token: result.data.access_token, reason: 'rotated' };
    },
    [orgId, rotate],
  );

  return { toggleArchive, remove, rotateToken };
}
