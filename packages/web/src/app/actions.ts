/** Actions every slice may listen to, kept apart so slices need not import each other. */
import { createAction } from '@reduxjs/toolkit';

/** Clears app state: every list store returns to its first page and an empty list (spec §4). */
export const resetAppState = createAction('app/resetAppState');
