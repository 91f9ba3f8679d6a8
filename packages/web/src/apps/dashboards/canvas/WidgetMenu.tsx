/**
 * The menu of a card on the canvas: what the app adds (edit, duplicate, move, delete) above the
 * downloads every viewer has (PNG, JPEG, PDF, SVG, CSV, XLS, spec §9) and print.
 */
import { CHART_EXPORT_FORMATS } from '@ferrite/contracts';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notifyError } from '../../../session/notify';
import { downloadWidget, type ExportFormat, printWidget, type WidgetExportInput } from '../../../widgets';
import classes from './Canvas.module.css';

const FORMAT_LABELS: Record<ExportFormat, string> = {
  PNG: 'PNG image',
  JPEG: 'JPEG image',
  PDF: 'PDF document',
  SVG: 'SVG vector image',
  CSV: 'CSV data',
  XLS: 'XLS workbook',
};

/** One entry the app adds to a card's menu. */
export interface CardAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  /** Drawn after a divider (delete). */
  danger?: boolean;
}

interface WidgetMenuProps {
  /** Names the card for screen readers: 'Widget menu of {title}'. */
  title: string;
  actions: CardAction[];
  /** The export input at the moment of the click; absent for cards with nothing to export. */
  exportInput?: () => WidgetExportInput;
}

async function download(input: WidgetExportInput, format: ExportFormat) {
  try {
    await downloadWidget(input, format);
  } catch (error) {
    notifyError('Export failed', error instanceof Error ? error.message : String(error));
  }
}

/** The dots button and its menu. */
export function WidgetMenu({ title, actions, exportInput }: WidgetMenuProps) {
  const plain = actions.filter((a) => !a.danger);
  const danger = actions.filter((a) => a.danger);
  if (!exportInput && actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={210}>
      <Menu.Target>
        <Tooltip label="Widget menu" openDelay={400} withinPortal>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            className={classes.menuButton}
            aria-label={`Widget menu of ${title}`}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {plain.map((action) => (
          <Menu.Item
            key={action.label}
            leftSection={action.icon}
            color={action.color}
            onClick={action.onClick}
          >
            {action.label}
          </Menu.Item>
        ))}
        {exportInput ? (
          <>
            {plain.length > 0 ? <Menu.Divider /> : null}
            <Menu.Sub position="left-start">
              <Menu.Sub.Target>
                <Menu.Sub.Item leftSection={<IconDownload size={15} />}>Download</Menu.Sub.Item>
              </Menu.Sub.Target>
              <Menu.Sub.Dropdown>
                {CHART_EXPORT_FORMATS.map((format) => (
                  <Menu.Item key={format} onClick={() => void download(exportInput(), format)}>
                    {FORMAT_LABELS[format]}
                  </Menu.Item>
                ))}
              </Menu.Sub.Dropdown>
            </Menu.Sub>
            <Menu.Item
              leftSection={<IconPrinter size={15} />}
              onClick={() => {
                if (!printWidget(exportInput())) notifyError('Print', 'Allow pop-ups to print this widget.');
              }}
            >
              Print
            </Menu.Item>
          </>
        ) : null}
        {danger.length > 0 ? <Menu.Divider /> : null}
        {danger.map((action) => (
          <Menu.Item key={action.label} leftSection={action.icon} color="red" onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
