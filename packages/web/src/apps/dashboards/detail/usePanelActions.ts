/**
 * What the detail page does to panels: add, rename, move left or right, delete (after asking), copy to
 * another dashboard (POST …/duplicate_dashboards), and add a subpanel below the panel's contents.
 */
import type { Panel, PanelDetail } from '@ferrite/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { confirmAction } from '../../../ui/confirm';
import { dashboardsApi, useCopyPanelsMutation } from '../api/dashboardsApi';
import {
  useCreatePanelMutation,
  useCreateSubpanelMutation,
  useDeletePanelMutation,
  useUpdatePanelMutation,
} from '../api/panelsApi';
import { runAction } from '../hooks';
import { bottomRowOf } from './detailModel';
import { reorderPanels } from './PanelTabs';
import type { ChoicePrompt, NamePrompt } from './Prompts';

interface PanelActionsArgs {
  orgId: string;
  dashboardId: string;
  panels: readonly Panel[];
  setActivePanel: (id: string | null) => void;
  setNamePrompt: (prompt: NamePrompt) => void;
  setChoicePrompt: (prompt: ChoicePrompt) => void;
}

/** The panel actions of one dashboard. */
export function usePanelActions({
  orgId,
  dashboardId,
  panels,
  setActivePanel,
  setNamePrompt,
  setChoicePrompt,
}: PanelActionsArgs) {
  const dispatch = useAppDispatch();
  const [createPanel] = useCreatePanelMutation();
  const [updatePanel] = useUpdatePanelMutation();
  const [deletePanel] = useDeletePanelMutation();
  const [createSubpanel] = useCreateSubpanelMutation();
  const [copyPanels] = useCopyPanelsMutation();

  const addPanel = () =>
    setNamePrompt({
      title: 'New panel',
      label: 'Panel name',
      initial: `Panel ${panels.length + 1}`,
      confirmLabel: 'Add panel',
      onSubmit: async (name) => {
        let created: PanelDetail | null = null;
        const ok = await runAction(async () => {
          created = await createPanel({ orgId, dashboardId, name }).unwrap();
        }, 'Panel added');
        if (created) setActivePanel((created as PanelDetail).id);
        return ok;
      },
    });
  const renamePanel = (target: Panel) =>
    setNamePrompt({
      title: 'Rename panel',
      label: 'Panel name',
      initial: target.name,
      confirmLabel: 'Rename',
      onSubmit: (name) =>
        runAction(
          () => updatePanel({ orgId, dashboardId, panelId: target.id, name, order: target.order }).unwrap(),
          'Panel renamed',
        ),
    });
  const movePanel = async (target: Panel, by: -1 | 1) => {
    for (const [p, order] of reorderPanels(panels, target, by)) {
      if (
        !(await runAction(() =>
          updatePanel({ orgId, dashboardId, panelId: p.id, name: p.name, order }).unwrap(),
        ))
      )
        return;
    }
  };
  const removePanel = async (target: Panel) => {
    const ok = await confirmAction({
      title: 'Delete panel',
      message: `Are you sure you want to Delete? “${target.name}” and every widget on it go too.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (
      ok &&
      (await runAction(
        () => deletePanel({ orgId, dashboardId, panelId: target.id }).unwrap(),
        'Panel deleted',
      ))
    )
      setActivePanel(null);
  };
  const copyPanel = async (target: Panel) => {
    const list = await dispatch(
      dashboardsApi.endpoints.listDashboards.initiate(
        { orgId, tab: 'active', page: 1, pageSize: 200 },
        { subscribe: false, forceRefetch: true },
      ),
    );
    const options = (list.data?.dashboards ?? []).map((d) => ({
      value: d.id,
      label: d.id === dashboardId ? `${d.name} (this dashboard)` : d.name,
    }));
    setChoicePrompt({
      title: `Copy “${target.name}”`,
      label: 'To dashboard',
      options,
      initial: options.find((o) => o.value !== dashboardId)?.value ?? dashboardId,
      confirmLabel: 'Copy panel',
      onSubmit: (targetId) =>
        runAction(
          () =>
            copyPanels({ orgId, dashboardId, targetDashboardId: targetId, panelIds: [target.id] }).unwrap(),
          'Panel copied',
        ),
    });
  };
  const addSubpanel = (target: PanelDetail) =>
    setNamePrompt({
      title: 'New subpanel',
      label: 'Subpanel name',
      initial: `Group ${target.subpanels.length + 1}`,
      confirmLabel: 'Add subpanel',
      onSubmit: (name) =>
        runAction(
          () =>
            createSubpanel({
              orgId,
              dashboardId,
              panelId: target.id,
              body: { name, layout: { x: 0, y: bottomRowOf(target), w: 12, h: 10 } },
            }).unwrap(),
          'Subpanel added',
        ),
    });

  return { addPanel, renamePanel, movePanel, removePanel, copyPanel, addSubpanel };
}
