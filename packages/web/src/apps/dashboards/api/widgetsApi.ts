/**
 * Widget instances (spec §7 "Widget instances CRUD /panels/{panelId}/widgets/{widgetId}/widget_instances")
 * with their data (a panel's widgets read at once: POST …/panels/{panelId}/widget_data, each with the
 * aggregate query), and command widgets with what their editor offers
 * (GET /gateways, GET /command_widget_types) and sending (…/command_widgets/{id}/send).
 */
import type {
  Command,
  CommandWidget,
  CommandWidgetBody,
  CommandWidgetSendBody,
  WidgetDataBatchBody,
  WidgetDataBatchResponse,
  WidgetInstance,
  WidgetInstanceBody,
} from '@ferrite/contracts';
import type { OrgArg } from '../../../app/apiKit';
import { dashApi, dashBase, panelTag } from './apiBase';

/** One instance of a catalogue variant in a panel. */
export interface InstanceArg extends OrgArg {
  panelId: string;
  /** The catalogue variant id, e.g. 'line.live'. */
  widgetId: string;
}

const instancesUrl = ({ orgId, panelId, widgetId }: InstanceArg, id?: string) =>
  `${dashBase(orgId)}/panels/${panelId}/widgets/${encodeURIComponent(widgetId)}/widget_instances${id ? `/${id}` : ''}`;
const commandsUrl = (orgId: string, panelId: string, id?: string) =>
  `${dashBase(orgId)}/panels/${panelId}/command_widgets${id ? `/${id}` : ''}`;

/** A gateway a command widget may actuate. */
export interface DashboardGateway {
  id: string;
  name: string;
  project: { id: string; name: string };
  type: string;
  protocol: string;
  status: 'online' | 'offline';
}

/**
 * A widget added or removed changes the counts the lists and the open dashboard's header show. The
 * mutations know the panel, not the dashboard, so every cached dashboard detail is invalidated: only
 * the open one is subscribed, so only it is read again.
 */
const COUNTED = ['Dashboards', 'Dashboard'] as const;

const widgetsApi = dashApi.injectEndpoints({
  endpoints: (build) => ({
    createWidgetInstance: build.mutation<WidgetInstance, InstanceArg & { body: WidgetInstanceBody }>({
      query: ({ body, ...arg }) => ({ url: instancesUrl(arg), method: 'POST', body }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId), ...COUNTED]),
    }),
    /** Replaces config, subpanel and position; a new `widgetId` switches the variant. */
    updateWidgetInstance: build.mutation<
      WidgetInstance,
      InstanceArg & { id: string; body: WidgetInstanceBody }
    >({
      query: ({ id, body, ...arg }) => ({ url: instancesUrl(arg, id), method: 'PUT', body }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId)]),
    }),
    deleteWidgetInstance: build.mutation<void, InstanceArg & { id: string }>({
      query: ({ id, ...arg }) => ({ url: instancesUrl(arg, id), method: 'DELETE' }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId), ...COUNTED]),
    }),
    /** Several widgets of a panel with their data at once (canvas/widgetReadBatcher.ts): a read, never cached. */
    readPanelWidgets: build.mutation<
      WidgetDataBatchResponse,
      OrgArg & { panelId: string; body: WidgetDataBatchBody }
    >({
      query: ({ orgId, panelId, body }) => ({
        url: `${dashBase(orgId)}/panels/${panelId}/widget_data`,
        method: 'POST',
        body,
      }),
    }),

    listDashboardGateways: build.query<{ gateways: DashboardGateway[]; total_entries: number }, OrgArg>({
      // One big page: the picker searches locally (spec §9 page size 25 is the IoT Manager's list).
      query: ({ orgId }) => ({
        url: `${dashBase(orgId)}/gateways`,
        params: { page_number: 1, page_size: 200 },
      }),
      providesTags: ['DashGateways'],
    }),
    commandWidgetTypes: build.query<
      { command_widget_types: { kind: string; name: string; description: string; value_type: string }[] },
      OrgArg
    >({
      query: ({ orgId }) => `${dashBase(orgId)}/command_widget_types`,
      keepUnusedDataFor: 3600,
    }),
    createCommandWidget: build.mutation<CommandWidget, OrgArg & { panelId: string; body: CommandWidgetBody }>(
      {
        query: ({ orgId, panelId, body }) => ({ url: commandsUrl(orgId, panelId), method: 'POST', body }),
        invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId), ...COUNTED]),
      },
    ),
    updateCommandWidget: build.mutation<
      CommandWidget,
      OrgArg & { panelId: string; id: string; body: CommandWidgetBody }
    >({
      query: ({ orgId, panelId, id, body }) => ({
        url: commandsUrl(orgId, panelId, id),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId)]),
    }),
    deleteCommandWidget: build.mutation<void, OrgArg & { panelId: string; id: string }>({
      query: ({ orgId, panelId, id }) => ({ url: commandsUrl(orgId, panelId, id), method: 'DELETE' }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId), ...COUNTED]),
    }),
    /** Sends the widget's command; the user has confirmed already (the renderer asks). */
    sendCommandWidget: build.mutation<
      { command: Command },
      OrgArg & { panelId: string; id: string; body: CommandWidgetSendBody }
    >({
      query: ({ orgId, panelId, id, body }) => ({
        url: `${commandsUrl(orgId, panelId, id)}/send`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useCreateWidgetInstanceMutation,
  useUpdateWidgetInstanceMutation,
  useDeleteWidgetInstanceMutation,
  useListDashboardGatewaysQuery,
  useCommandWidgetTypesQuery,
  useCreateCommandWidgetMutation,
  useUpdateCommandWidgetMutation,
  useDeleteCommandWidgetMutation,
  useSendCommandWidgetMutation,
} = widgetsApi;
export { widgetsApi };
