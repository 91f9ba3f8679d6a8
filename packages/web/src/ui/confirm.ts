/**
 * Usage — one awaitable confirmation for every destructive or state-changing action (spec §5):
 *
 *   import { confirmAction, confirmArchive, confirmDelete } from '../../ui/confirm';
 *
 *   if (await confirmDelete()) await deleteThing(id);                    // 'Are you sure you want to Delete?'
 *   if (await confirmArchive('Archive')) archive(id);                    // 'Are you sure you want to Archive?'
 *   const ok = await confirmAction({ message: 'Approve this request?', confirmLabel: 'Approve' });
 *
 * Resolves true on the confirm button, false on Cancel, Escape, the close button or the overlay.
 * Needs <ModalsProvider> (mounted once in src/main.tsx); tests wrap the tree in one too.
 */
import { confirmActionMessage, MESSAGES } from '@ferrite/contracts';
import { modals } from '@mantine/modals';
import { createElement } from 'react';

export interface ConfirmOptions {
  /** Modal heading; defaults to 'Please confirm'. */
  title?: string;
  /** The question, e.g. MESSAGES.confirmDelete. */
  message: string;
  /** The confirm button's label, e.g. 'Delete' or 'Archive'. */
  confirmLabel: string;
  /** Paints the confirm button red, for actions that lose data. */
  danger?: boolean;
  cancelLabel?: string;
}

/** Opens a confirm modal and resolves whether the user confirmed. */
export function confirmAction({
  title = 'Please confirm',
  message,
  confirmLabel,
  danger = false,
  cancelLabel = 'Cancel',
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    // onClose fires after onConfirm as well, so the first answer wins.
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      centered: true,
      radius: 'lg',
      children: createElement('p', { 'data-testid': 'confirm-message', style: { margin: 0 } }, message),
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      // Enter should not lose data by accident: a dangerous action starts with Cancel focused.
      confirmProps: { color: danger ? 'red' : undefined, 'data-autofocus': danger ? undefined : true },
      cancelProps: { variant: 'default', 'data-autofocus': danger ? true : undefined },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** The spec's delete confirmation: 'Are you sure you want to Delete?'. */
export function confirmDelete(confirmLabel = 'Delete'): Promise<boolean> {
  return confirmAction({ message: MESSAGES.confirmDelete, confirmLabel, danger: true });
}

/** The spec's archive-style confirmation: 'Are you sure you want to {type}?' (Archive, Unarchive...). */
export function confirmArchive(type: string, danger = type === 'Archive'): Promise<boolean> {
  return confirmAction({ message: confirmActionMessage(type), confirmLabel: type, danger });
}
