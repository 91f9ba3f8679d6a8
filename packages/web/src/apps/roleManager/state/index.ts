/** The Role Manager's state under `state.roleManager`: its list stores and which tabs are showing. */
import { combineReducers } from '@reduxjs/toolkit';
import { listsReducer } from './lists';
import { viewReducer } from './view';

export const roleManagerReducer = combineReducers({ lists: listsReducer, view: viewReducer });
export type RoleManagerState = ReturnType<typeof roleManagerReducer>;
