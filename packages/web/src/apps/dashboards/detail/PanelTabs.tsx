/**
 * A dashboard's panels as tabs (arrow keys move between them). In edit mode each tab has a menu
 * (rename, move left or right, delete) and a last tab adds a panel.
 */
import type { Panel } from '@ferrite/contracts';
import { ActionIcon, Menu, Tabs, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconChevronDown,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import classes from './Detail.module.css';

interface PanelTabsProps {
  panels: readonly Panel[];
  active: string | null;
  editing: boolean;
  onSelect: (panelId: string) => void;
  onAdd: () => void;
  onRename: (panel: Panel) => void;
  onMove: (panel: Panel, by: -1 | 1) => void;
  onDelete: (panel: Panel) => void;
  /** Copies the panel to another dashboard (duplicate_dashboards). */
  onCopy?: (panel: Panel) => void;
}

/** The tab bar. */
export function PanelTabs({
  panels,
  active,
  editing,
  onSelect,
  onAdd,
  onRename,
  onMove,
  onDelete,
}: PanelTabsProps) {
  return (
    <div className={classes.tabsRow}>
      <Tabs
        value={active}
        onChange={(value) => value && onSelect(value)}
        variant="default"
        className={classes.tabs}
      >
        <Tabs.List aria-label="Panels">
          {panels.map((panel, index) => (
            <Tabs.Tab
              key={panel.id}
              value={panel.id}
              data-panel-tab={panel.name}
              rightSection={
                editing && active === panel.id ? (
                  <Menu position="bottom-start" withinPortal shadow="md">
                    <Menu.Target>
                      <ActionIcon
                        component="span"
                        size="xs"
                        variant="subtle"
                        color="gray"
                        aria-label={`Panel menu of ${panel.name}`}
                        onClick={(event) => event.stopPropagation()}
                      >
                        <IconChevronDown size={13} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onRename(panel)}>
                        Rename
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconArrowLeft size={14} />}
                        disabled={index === 0}
                        onClick={() => onMove(panel, -1)}
                      >
                        Move left
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconArrowRight size={14} />}
                        disabled={index === panels.length - 1}
                        onClick={() => onMove(panel, 1)}
                      >
                        Move right
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => onDelete(panel)}
                      >
                        Delete panel
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                ) : null
              }
            >
              {panel.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {editing ? (
        <Tooltip label="Add a panel" withinPortal>
          <ActionIcon
            variant="light"
            size="md"
            aria-label="Add panel"
            onClick={onAdd}
            className={classes.addTab}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </div>
  );
}

/** The panels' new order after moving one by a step, as [panel, order] pairs that changed. */
export function reorderPanels(panels: readonly Panel[], panel: Panel, by: -1 | 1): Array<[Panel, number]> {
  const list = [...panels];
  const from = list.findIndex((p) => p.id === panel.id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return [];
  const [moved] = list.splice(from, 1);
  if (moved) list.splice(to, 0, moved);
  return list.flatMap((p, index): Array<[Panel, number]> => (p.order === index ? [] : [[p, index]]));
}
