/** The lock survives a reload: it is remembered in local storage under the id of the user who locked. */
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { lock } from './workspaceUiSlice';

/** Where a lock is remembered, so a reload does not lift it; it names the user who locked. */
export const LOCK_STORAGE_KEY = 'ferrite.lockedUser';

/** Keeps the lock across reloads for the same user (and only that user). */
export function useLockPersistence(userId: string) {
  const dispatch = useAppDispatch();
  const locked = useAppSelector((state) => state.workspaceUi.locked);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (localStorage.getItem(LOCK_STORAGE_KEY) === userId) dispatch(lock());
    setRestored(true);
  }, [dispatch, userId]);

  useEffect(() => {
    if (!restored) return;
    if (locked) localStorage.setItem(LOCK_STORAGE_KEY, userId);
    else localStorage.removeItem(LOCK_STORAGE_KEY);
  }, [locked, restored, userId]);
}
