/**
 * Adding or editing a widget: pick a variant in the catalogue → bind its series to sensor parameters
 * and say what to read (window, aggregation) → set its looks (thresholds, text, series) against a
 * preview → saved as a widget instance. Controls (button, switch, slider, set-point) go to the command
 * form instead and are saved as command widgets.
 */
import {
  type CommandWidget,
  defaultVariantOf,
  findWidgetVariant,
  isCommandWidgetKind,
  maxSeries,
  type PanelDetail,
  resolveWidgetConfig,
  safeResolveWidgetConfig,
  type WidgetConfig,
  type WidgetInstance,
  type WidgetVariant,
} from '@ferrite/contracts';
import { Button, Group, Modal, Select, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { bottomRow, readsData, WidgetCatalogue } from '../../../widgets';
import {
  useCreateCommandWidgetMutation,
  useCreateWidgetInstanceMutation,
  useUpdateCommandWidgetMutation,
  useUpdateWidgetInstanceMutation,
} from '../api/widgetsApi';
import { runAction, useOrgId } from '../hooks';
import { type Binding, BindingRows } from './BindingRows';
import { applyBindings, bindingsComplete, bindingsOf } from './bindings';
import {
  type CommandDraft,
  CommandForm,
  commandBody,
  commandDraftProblem,
  newCommandDraft,
} from './CommandForm';
import { LookStep } from './LookStep';
import { defaultSize, ownConfig } from './ownConfig';
import { QueryFields } from './QueryFields';
import { useFittedScale } from './useFittedScale';

/** What the modal edits: a new widget, an instance, or a command widget. */
export type EditorTarget =
  | { mode: 'new' }
  | { mode: 'instance'; instance: WidgetInstance }
  | { mode: 'command'; widget: CommandWidget };

interface WidgetEditorModalProps {
  target: EditorTarget | null;
  panel: PanelDetail;
  onClose: () => void;
}

type Step = 'pick' | 'data' | 'look' | 'command';

interface EditorState {
  step: Step;
  variant: WidgetVariant | null;
  config: WidgetConfig | null;
  bindings: Binding[];
  command: CommandDraft | null;
  subpanelId: string | null;
}

function draftOfCommand(widget: CommandWidget): CommandDraft {
  return {
    kind: widget.kind,
    title: widget.title,
    gateway_id: widget.gateway?.id ?? null,
    command_name: widget.command_name,
    confirmation_text: widget.confirmation_text,
    settings: { ...widget.settings },
  };
}

/** Where a new child lands: below everything in its grid. */
function placement(panel: PanelDetail, subpanelId: string | null, variant: Pick<WidgetVariant, 'category'>) {
  const siblings = [
    ...panel.widget_instances.filter((w) => w.subpanel_id === subpanelId).map((w) => w.layout),
    ...panel.command_widgets.filter((w) => w.subpanel_id === subpanelId).map((w) => w.layout),
    ...(subpanelId ? [] : panel.subpanels.map((s) => s.layout)),
  ];
  return { x: 0, y: bottomRow(siblings), ...defaultSize(variant.category) };
}

/** The editor's state for its target. */
function initialState(target: EditorTarget): EditorState {
  if (target.mode === 'instance') {
    const variant = findWidgetVariant(target.instance.widget_id) ?? null;
    const config = variant ? safeResolveWidgetConfig(variant, target.instance.config) : null;
    return {
      step: 'data',
      variant,
      config,
      bindings: bindingsOf(config?.series ?? []),
      command: null,
      subpanelId: target.instance.subpanel_id,
    };
  }
  if (target.mode === 'command') {
    return {
      step: 'command',
      variant: defaultVariantOf(target.widget.kind),
      config: null,
      bindings: bindingsOf([]),
      command: draftOfCommand(target.widget),
      subpanelId: target.widget.subpanel_id,
    };
  }
  return {
    step: 'pick',
    variant: null,
    config: null,
    bindings: bindingsOf([]),
    command: null,
    subpanelId: null,
  };
}

function EditorBody({ target, panel, onClose }: WidgetEditorModalProps & { target: EditorTarget }) {
  const orgId = useOrgId();
  const [state, setState] = useState<EditorState>(() => initialState(target));
  const [saving, setSaving] = useState(false);
  const [createInstance] = useCreateWidgetInstanceMutation();
  const [updateInstance] = useUpdateWidgetInstanceMutation();
  const [createCommand] = useCreateCommandWidgetMutation();
  const [updateCommand] = useUpdateCommandWidgetMutation();
  const { step, variant, config, bindings, command, subpanelId } = state;
  const isNew = target.mode === 'new';

  const pick = (picked: WidgetVariant) => {
    if (isCommandWidgetKind(picked.kind)) {
      setState((s) => ({
        ...s,
        variant: picked,
        step: 'command',
        command: newCommandDraft(picked.kind as never),
      }));
      return;
    }
    const resolved = resolveWidgetConfig(picked);
    setState((s) => ({
      ...s,
      variant: picked,
      config: resolved,
      step: readsData(picked.kind) ? 'data' : 'look',
    }));
  };

  const setConfig = (next: WidgetConfig) => setState((s) => ({ ...s, config: next }));
  useFittedScale(
    isNew && Boolean(variant && readsData(variant.kind)),
    bindings[0],
    variant,
    config,
    setConfig,
  );
  const setBindings = (next: Binding[]) => setState((s) => ({ ...s, bindings: next }));
  const bound = config && variant && readsData(variant.kind) ? applyBindings(config, bindings) : config;

  const save = async () => {
    if (!variant) return;
    setSaving(true);
    let ok = false;
    if (step === 'command' && command) {
      const problem = commandDraftProblem(command);
      if (problem) {
        setSaving(false);
        return void runAction(() => Promise.reject({ title: problem, status: 400, detail: '' }));
      }
      ok =
        target.mode === 'command'
          ? await runAction(
              () =>
                updateCommand({
                  orgId,
                  panelId: panel.id,
                  id: target.widget.id,
                  body: commandBody(command, {
                    subpanel_id: target.widget.subpanel_id,
                    layout: target.widget.layout,
                  }),
                }).unwrap(),
              'Control saved',
            )
          : await runAction(
              () =>
                createCommand({
                  orgId,
                  panelId: panel.id,
                  body: commandBody(command, {
                    subpanel_id: subpanelId,
                    layout: placement(panel, subpanelId, variant),
                  }),
                }).unwrap(),
              'Control added',
            );
    } else if (bound) {
      const body = { subpanel_id: subpanelId, config: ownConfig(variant, bound) as Record<string, unknown> };
      ok =
        target.mode === 'instance'
          ? await runAction(
              () =>
                updateInstance({
                  orgId,
                  panelId: panel.id,
                  widgetId: variant.id,
                  id: target.instance.id,
                  body: { ...body, layout: target.instance.layout },
                }).unwrap(),
              'Widget saved',
            )
          : await runAction(
              () =>
                createInstance({
                  orgId,
                  panelId: panel.id,
                  widgetId: variant.id,
                  body: { ...body, layout: placement(panel, subpanelId, variant) },
                }).unwrap(),
              'Widget added',
            );
    }
    setSaving(false);
    if (ok) onClose();
  };

  const steps: Step[] =
    step === 'command'
      ? ['pick', 'command']
      : variant && !readsData(variant.kind)
        ? ['pick', 'look']
        : ['pick', 'data', 'look'];
  const active = steps.indexOf(step);
  const canNext = step === 'data' ? bindingsComplete(bindings) : true;
  const subpanelSelect =
    isNew && panel.subpanels.length > 0 && step !== 'pick' ? (
      <Select
        label="Place in"
        w={260}
        allowDeselect={false}
        value={subpanelId ?? ''}
        data={[
          { value: '', label: `${panel.name} (the panel)` },
          ...panel.subpanels.map((s) => ({ value: s.id, label: s.name })),
        ]}
        onChange={(value) => setState((s) => ({ ...s, subpanelId: value || null }))}
      />
    ) : null;

  return (
    <Stack gap="md">
      <Stepper active={active} size="sm" allowNextStepsSelect={false}>
        {steps.map((s) => (
          <Stepper.Step
            key={s}
            label={{ pick: 'Widget', data: 'Data', look: 'Appearance', command: 'Command' }[s]}
            description={
              {
                pick: variant ? variant.name : 'Choose from the catalogue',
                data: 'Sensors and time window',
                look: 'Thresholds, text, series',
                command: 'Gateway and command',
              }[s]
            }
          />
        ))}
      </Stepper>

      {step === 'pick' ? <WidgetCatalogue onSelect={pick} selectedId={variant?.id} /> : null}
      {step === 'data' && config && variant ? (
        <Stack gap="lg">
          <BindingRows bindings={bindings} max={maxSeries(variant.kind)} onChange={setBindings} />
          <QueryFields config={config} onChange={(patch) => setConfig({ ...config, ...patch })} />
        </Stack>
      ) : null}
      {step === 'look' && bound && variant ? (
        <LookStep variant={variant} config={bound} onChange={setConfig} />
      ) : null}
      {step === 'command' && command ? (
        <CommandForm draft={command} onChange={(next) => setState((s) => ({ ...s, command: next }))} />
      ) : null}

      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          {subpanelSelect}
          {step === 'data' && !canNext ? (
            <Text size="xs" c="dimmed">
              Choose a sensor and a parameter for every series.
            </Text>
          ) : null}
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {isNew && step !== 'pick' ? (
            <Button
              variant="default"
              onClick={() => setState((s) => ({ ...s, step: steps[Math.max(0, active - 1)] ?? 'pick' }))}
            >
              Back
            </Button>
          ) : null}
          {target.mode === 'instance' && step === 'look' && variant && readsData(variant.kind) ? (
            <Button variant="default" onClick={() => setState((s) => ({ ...s, step: 'data' }))}>
              Back
            </Button>
          ) : null}
          {step === 'data' ? (
            <Button disabled={!canNext} onClick={() => setState((s) => ({ ...s, step: 'look' }))}>
              Next
            </Button>
          ) : null}
          {step === 'look' || step === 'command' ? (
            <Button loading={saving} onClick={() => void save()}>
              {isNew ? (step === 'command' ? 'Add control' : 'Add widget') : 'Save'}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}

function targetKey(target: EditorTarget): string {
  return target.mode === 'new' ? 'new' : target.mode === 'instance' ? target.instance.id : target.widget.id;
}

/** The modal; its state starts over for every target. */
export function WidgetEditorModal({ target, panel, onClose }: WidgetEditorModalProps) {
  const title =
    target?.mode === 'new' ? 'Add widget' : target?.mode === 'command' ? 'Edit control' : 'Edit widget';
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="min(1100px, 94vw)"
      radius="lg"
      keepMounted={false}
    >
      {target ? <EditorBody key={targetKey(target)} target={target} panel={panel} onClose={onClose} /> : null}
    </Modal>
  );
}
