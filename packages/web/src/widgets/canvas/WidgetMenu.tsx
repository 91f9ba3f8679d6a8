/**
 * The menu of a card on the canvas: what the app adds (edit, duplicate, move, delete) above the
 * downloads every viewer has (PNG, JPEG, PDF, SVG, CSV, XLS, spec §9) and print.
 *
 * The menu and its tooltip are made when the pointer or the focus first comes to the button: a
 * dashboard of fifty cards otherwise builds fifty menus and tooltips (Mantine's Popover and floating-ui
 * hooks, 60–80 ms of a shared link's first render in a profile) that nobody may open.
 */
import { CHART_EXPORT_FORMATS } from '@ferrite/contracts';
import { ActionIcon, type ActionIconProps, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconDownload, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../session/notify';
import {
  downloadWidget,
  type ExportFormat,
  printWidget,
  type WidgetExportInput,
} from '../export/exportWidget';
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

/** The dots button; its menu is made on the first visit (see the file's comment). */
export function WidgetMenu(props: WidgetMenuProps) {
  const [armed, setArmed] = useState(false);
  /** How the button was first reached: its menu then opens, or the new button takes the focus. */
  const arrival = useRef<'pointer' | 'focus' | 'click'>('pointer');
  if (!props.exportInput && props.actions.length === 0) return null;
  if (armed)
    return (
      <CardMenu
        {...props}
        openAtOnce={arrival.current === 'click'}
        focusAtOnce={arrival.current !== 'pointer'}
      />
    );
  const arm = (how: 'pointer' | 'focus' | 'click') => () => {
    arrival.current = how;
    setArmed(true);
  };
  return (
    <DotsButton
      title={props.title}
      aria-haspopup="menu"
      onPointerEnter={arm('pointer')}
      onFocus={arm('focus')}
      onClick={arm('click')}
    />
  );
}

type DotsButtonProps = ActionIconProps & {
  title: string;
  ref?: React.Ref<HTMLButtonElement>;
} & Omit<React.ComponentPropsWithoutRef<'button'>, 'title' | 'color' | 'style'>;

function DotsButton({ title, ...rest }: DotsButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      className={classes.menuButton}
      aria-label={`Widget menu of ${title}`}
      {...rest}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
}

/** The dots button in its menu and tooltip. */
function CardMenu({
  title,
  actions,
  exportInput,
  openAtOnce,
  focusAtOnce,
}: WidgetMenuProps & { openAtOnce: boolean; focusAtOnce: boolean }) {
  const plain = actions.filter((a) => !a.danger);
  const danger = actions.filter((a) => a.danger);
  const button = useRef<HTMLButtonElement>(null);
  // The button was replaced by this one: the focus that was on the old one comes back to it.
  useEffect(() => {
    if (focusAtOnce) button.current?.focus();
  }, [focusAtOnce]);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={210} defaultOpened={openAtOnce}>
      <Menu.Target>
        <Tooltip label="Widget menu" openDelay={400} withinPortal>
          <DotsButton ref={button} title={title} />
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
