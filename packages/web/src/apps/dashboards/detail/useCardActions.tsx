/**
 * The app's entries in a card's menu, in edit mode: edit, duplicate (here), copy to another panel,
 * move into or out of a subpanel, delete (after 'Are you sure you want to Delete?'); a subpanel's
 * rename and delete.
 */
import {
  type CommandWidget,
  findWidgetVariant,
  type Panel,
  type PanelDetail,
  type Subpanel,
  safeResolveWidgetConfig,
  type WidgetInstance,
} from '@ferrite/contracts';
import { IconArrowsMove, IconCopy, IconPencil, IconSquarePlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { confirmAction, confirmDelete } from '../../../ui/confirm';
import type { CardAction } from '../../../widgets';
import {
  useDeleteSubpanelMutation,
  useDuplicateWidgetsMutation,
  useUpdateSubpanelMutation,
} from '../api/panelsApi';
import {
  useDeleteCommandWidgetMutation,
  useDeleteWidgetInstanceMutation,
  useUpdateWidgetInstanceMutation,
} from '../api/widgetsApi';
import { ownConfig } from '../editor/ownConfig';
import type { EditorTarget } from '../editor/WidgetEditorModal';
import { runAction, useOrgId } from '../hooks';
import type { ChoicePrompt, NamePrompt } from './Prompts';

interface CardActionsArgs {
  dashboardId: string;
  panel: PanelDetail;
  /** Every panel of the dashboard (targets of "Copy to panel"). */
  panels: readonly Panel[];
  editing: boolean;
  edit: (target: EditorTarget) => void;
  askName: (prompt: NamePrompt) => void;
  askChoice: (prompt: ChoicePrompt) => void;
}

const icon = (Icon: typeof IconCopy) => <Icon size={15} />;

/** The three action builders the canvas takes. */
export function useCardActions({
  dashboardId,
  panel,
  panels,
  editing,
  edit,
  askName,
  askChoice,
}: CardActionsArgs) {
  const orgId = useOrgId();
  const [duplicate] = useDuplicateWidgetsMutation();
  const [deleteInstance] = useDeleteWidgetInstanceMutation();
  const [updateInstance] = useUpdateWidgetInstanceMutation();
  const [deleteCommand] = useDeleteCommandWidgetMutation();
  const [updateSubpanel] = useUpdateSubpanelMutation();
  const [deleteSubpanel] = useDeleteSubpanelMutation();
  const panelArg = useMemo(() => ({ orgId, dashboardId, panelId: panel.id }), [orgId, dashboardId, panel.id]);

  const copyTo = useCallback(
    (ids: { widget_instance_ids?: string[]; command_widget_ids?: string[] }) =>
      askChoice({
        title: 'Copy to another panel',
        label: 'Panel',
        options: panels.filter((p) => p.id !== panel.id).map((p) => ({ value: p.id, label: p.name })),
        confirmLabel: 'Copy',
        onSubmit: (target) =>
          runAction(
            () => duplicate({ ...panelArg, body: { ...ids, target_panel_id: target } }).unwrap(),
            `Copied to ${panels.find((p) => p.id === target)?.name ?? 'the panel'}`,
          ),
      }),
    [askChoice, panels, panel.id, duplicate, panelArg],
  );

  const widgetActions = useCallback(
    (instance: WidgetInstance): CardAction[] => {
      if (!editing) return [];
      const actions: CardAction[] = [
        { label: 'Edit', icon: icon(IconPencil), onClick: () => edit({ mode: 'instance', instance }) },
        {
          label: 'Duplicate',
          icon: icon(IconCopy),
          onClick: () =>
            void runAction(
              () => duplicate({ ...panelArg, body: { widget_instance_ids: [instance.id] } }).unwrap(),
              'Widget duplicated',
            ),
        },
      ];
      if (panels.length > 1)
        actions.push({
          label: 'Copy to panel…',
          icon: icon(IconSquarePlus),
          onClick: () => copyTo({ widget_instance_ids: [instance.id] }),
        });
      const variant = findWidgetVariant(instance.widget_id);
      if (variant && (panel.subpanels.length > 0 || instance.subpanel_id))
        actions.push({
          label: 'Move to…',
          icon: icon(IconArrowsMove),
          onClick: () =>
            askChoice({
              title: 'Move widget',
              label: 'Place in',
              initial: instance.subpanel_id ?? '',
              options: [
                { value: '', label: `${panel.name} (the panel)` },
                ...panel.subpanels.map((s) => ({ value: s.id, label: s.name })),
              ],
              confirmLabel: 'Move',
              onSubmit: (value) =>
                runAction(
                  () =>
                    updateInstance({
                      orgId,
                      panelId: panel.id,
                      widgetId: instance.widget_id,
                      id: instance.id,
                      body: {
                        subpanel_id: value || null,
                        config: ownConfig(
                          variant,
                          safeResolveWidgetConfig(variant, instance.config),
                        ) as Record<string, unknown>,
                        layout: { ...instance.layout, x: 0, y: 0 },
                      },
                    }).unwrap(),
                  'Widget moved',
                ),
            }),
        });
      actions.push({
        label: 'Delete',
        icon: icon(IconTrash),
        danger: true,
        onClick: async () => {
          if (await confirmDelete())
            await runAction(
              () =>
                deleteInstance({
                  orgId,
                  panelId: panel.id,
                  widgetId: instance.widget_id,
                  id: instance.id,
                }).unwrap(),
              'Widget deleted',
            );
        },
      });
      return actions;
    },
    [
      editing,
      edit,
      duplicate,
      panels,
      copyTo,
      panel,
      askChoice,
      updateInstance,
      deleteInstance,
      orgId,
      panelArg,
    ],
  );

  const commandActions = useCallback(
    (widget: CommandWidget): CardAction[] => {
      if (!editing) return [];
      const actions: CardAction[] = [
        { label: 'Edit', icon: icon(IconPencil), onClick: () => edit({ mode: 'command', widget }) },
        {
          label: 'Duplicate',
          icon: icon(IconCopy),
          onClick: () =>
            void runAction(
              () => duplicate({ ...panelArg, body: { command_widget_ids: [widget.id] } }).unwrap(),
              'Control duplicated',
            ),
        },
      ];
      if (panels.length > 1)
        actions.push({
          label: 'Copy to panel…',
          icon: icon(IconSquarePlus),
          onClick: () => copyTo({ command_widget_ids: [widget.id] }),
        });
      actions.push({
        label: 'Delete',
        icon: icon(IconTrash),
        danger: true,
        onClick: async () => {
          if (await confirmDelete())
            await runAction(
              () => deleteCommand({ orgId, panelId: panel.id, id: widget.id }).unwrap(),
              'Control deleted',
            );
        },
      });
      return actions;
    },
    [editing, edit, duplicate, panels, copyTo, deleteCommand, orgId, panel.id, panelArg],
  );

  const subpanelActions = useCallback(
    (subpanel: Subpanel): CardAction[] => {
      if (!editing) return [];
      return [
        {
          label: 'Rename',
          icon: icon(IconPencil),
          onClick: () =>
            askName({
              title: 'Rename subpanel',
              label: 'Name',
              initial: subpanel.name,
              confirmLabel: 'Rename',
              onSubmit: (name) =>
                runAction(
                  () =>
                    updateSubpanel({
                      ...panelArg,
                      id: subpanel.id,
                      body: { name, order: subpanel.order, layout: subpanel.layout },
                    }).unwrap(),
                  'Subpanel renamed',
                ),
            }),
        },
        {
          label: 'Delete',
          icon: icon(IconTrash),
          danger: true,
          onClick: async () => {
            const ok = await confirmAction({
              title: 'Delete subpanel',
              message: `Are you sure you want to Delete? “${subpanel.name}” and the widgets in it go too.`,
              confirmLabel: 'Delete',
              danger: true,
            });
            if (ok)
              await runAction(
                () => deleteSubpanel({ ...panelArg, id: subpanel.id }).unwrap(),
                'Subpanel deleted',
              );
          },
        },
      ];
    },
    [editing, askName, updateSubpanel, deleteSubpanel, panelArg],
  );

  return { widgetActions, commandActions, subpanelActions };
}
