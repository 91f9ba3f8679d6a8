/**
 * The widget's download and print menu (spec §2 "widget editor with download and print chart options").
 *
 *   <ExportMenu input={() => ({ variant, config, data, theme, width, height })} />
 */
import { CHART_EXPORT_FORMATS } from '@ferrite/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { downloadWidget, type ExportFormat, printWidget, type WidgetExportInput } from './exportWidget';

const LABELS: Record<ExportFormat, string> = {
  PNG: 'Download PNG image',
  JPEG: 'Download JPEG image',
  PDF: 'Download PDF document',
  SVG: 'Download SVG vector image',
  CSV: 'Download CSV data',
  XLS: 'Download XLS workbook',
};

interface ExportMenuProps {
  /** Called when the user picks a format, so the export uses the widget's current data and size. */
  input: () => WidgetExportInput;
}

/** A download icon opening the six formats and Print. */
export function ExportMenu({ input }: ExportMenuProps) {
  const run = async (format: ExportFormat) => {
    try {
      await downloadWidget(input(), format);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label="Download or print widget">
          <IconDownload size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {CHART_EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => void run(format)}>
            {LABELS[format]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconPrinter size={14} />}
          onClick={() => {
            if (!printWidget(input()))
              notifications.show({
                color: 'yellow',
                title: 'Print',
                message: 'Allow pop-ups to print this widget.',
              });
          }}
        >
          Print chart
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
