/**
 * What a dashboard canvas needs from whoever shows it: the Dashboards app (a member's session) or the
 * shared view (a link's bearer token). The canvas and its widgets read everything through this, so one
 * set of components draws both, read-only in the shared view.
 */
import type {
  Command,
  CommandWidget,
  WidgetDataQuery,
  WidgetInstance,
  WidgetInstanceDataResponse,
} from '@ferrite/contracts';
import { createContext, useContext } from 'react';
import type { LiveStore } from '../live/liveStore';
import type { WidgetTheme } from '../types';

export interface DashboardViewSource {
  /** Reads a widget instance with its data for the read query (spec §3). */
  readWidget: (instance: WidgetInstance, query: WidgetDataQuery) => Promise<WidgetInstanceDataResponse>;
  /** The live values of the sensors the open panel reads. */
  live: LiveStore;
  /** Changes when every widget should read again (after a reconnect, a refresh or a change elsewhere). */
  refreshKey: number;
  /** Sends a command widget's command; absent where nobody may actuate (the shared view). */
  sendCommand?: (widget: CommandWidget, value: unknown) => Promise<Command | null>;
  /** The organization, for socket rooms. */
  orgId: string;
}

export const DashboardViewContext = createContext<DashboardViewSource | null>(null);

/** The source of the canvas being drawn; throws outside one, which is a programming error. */
export function useDashboardView(): DashboardViewSource {
  const source = useContext(DashboardViewContext);
  if (!source) throw new Error('useDashboardView needs a DashboardViewContext provider');
  return source;
}

/** Drawing settings shared by every card of a canvas. */
export interface CanvasLookContextValue {
  widgetTheme: WidgetTheme;
  editing: boolean;
}
export const CanvasLookContext = createContext<CanvasLookContextValue>({
  widgetTheme: 'light',
  editing: false,
});
