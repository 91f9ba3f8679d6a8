/**
 * The look of the command widgets (button, switch, slider, set-point). Every action asks for confirmation
 * first and then raises `onCommand(value)`: the button its configured value, the switch true or false,
 * the slider and set-point a number. The dashboard sends it to the gateway. Without onCommand (catalogue
 * previews) the controls are disabled.
 */
import { DEFAULT_COMMAND_CONFIRMATION } from '@ferrite/contracts';
import { Button, NumberInput, Slider, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { confirmAction } from '../../ui/confirm';
import { latestValue } from '../data/prepare';
import type { WidgetRendererProps } from '../types';
import { useChartContext } from '../useChartContext';
import { WidgetFrame } from '../WidgetFrame';
import classes from '../widgets.module.css';

/** Asks the configured question; resolves whether to send. */
function confirmSend(props: WidgetRendererProps, valueText: string): Promise<boolean> {
  const question = props.config.command_confirm || DEFAULT_COMMAND_CONFIRMATION;
  return confirmAction({
    title: props.config.title || props.variant.name,
    message: `${question} (${valueText})`,
    confirmLabel: 'Send',
  });
}

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void> | void) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

/** Button, switch, slider or set-point, by the variant's kind. */
export function CommandWidget(props: WidgetRendererProps) {
  const ctx = useChartContext(props);
  const { config } = ctx;
  const current = latestValue(ctx.series[0]);
  const disabled = !props.onCommand;
  const label = config.command_label || props.variant.name;
  const accent = config.accent_color ?? undefined;
  const [busy, run] = useBusy();
  const [switchOn, setSwitchOn] = useState(current !== null && current !== 0);
  const [number, setNumber] = useState<number>(current ?? config.command_min);
  // The device's reported state wins over what was last clicked.
  useEffect(() => {
    if (current !== null) {
      setSwitchOn(current !== 0);
      setNumber(current);
    }
  }, [current]);

  const send = (value: unknown, text: string, onCancel?: () => void) =>
    run(async () => {
      if (!(await confirmSend(props, text))) {
        onCancel?.();
        return;
      }
      await props.onCommand?.(value);
    });

  let control: React.ReactNode;
  switch (props.variant.kind) {
    case 'switch':
      control = (
        <Switch
          size="lg"
          label={label}
          checked={switchOn}
          disabled={disabled || busy}
          color={accent}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setSwitchOn(next);
            void send(next, next ? 'on' : 'off', () => setSwitchOn(!next));
          }}
        />
      );
      break;
    case 'slider':
      control = (
        <div style={{ width: '100%' }}>
          <Text size="sm" fw={600} id={`${props.variant.id}-slider`}>
            {label}: {number} {config.unit}
          </Text>
          <Slider
            min={config.command_min}
            max={config.command_max}
            step={config.command_step}
            value={number}
            disabled={disabled || busy}
            color={accent}
            aria-labelledby={`${props.variant.id}-slider`}
            onChange={setNumber}
            onChangeEnd={(value) =>
              void send(value, `${value} ${config.unit}`.trim(), () =>
                setNumber(current ?? config.command_min),
              )
            }
          />
        </div>
      );
      break;
    case 'set_point':
      control = (
        <form
          style={{ display: 'flex', gap: 8, alignItems: 'flex-end', width: '100%' }}
          onSubmit={(event) => {
            event.preventDefault();
            void send(number, `${number} ${config.unit}`.trim());
          }}
        >
          <NumberInput
            label={label}
            style={{ flex: 1 }}
            min={config.command_min}
            max={config.command_max}
            step={config.command_step}
            clampBehavior="strict"
            suffix={config.unit ? ` ${config.unit}` : undefined}
            value={number}
            disabled={disabled || busy}
            onChange={(value) => setNumber(typeof value === 'number' ? value : Number(value) || 0)}
          />
          <Button type="submit" disabled={disabled} loading={busy} color={accent}>
            Set
          </Button>
        </form>
      );
      break;
    default:
      control = (
        <Button
          size="md"
          disabled={disabled}
          loading={busy}
          color={accent}
          onClick={() => void send(config.command_on_value, String(config.command_on_value))}
        >
          {label}
        </Button>
      );
  }
  return (
    <WidgetFrame props={props} needsData={false}>
      <div className={classes.centered}>{control}</div>
    </WidgetFrame>
  );
}
