/**
 * The editor's toolbar: where you are (the trail), the chain's state (status, revision, unsaved), and
 * its actions: undo/redo, zoom to fit, debug all, Activity, Versions, Enabled, Validate and Deploy.
 */
import type { PipelineStatus } from '@ferrite/contracts';
import { ActionIcon, Badge, Button, Divider, Group, Switch, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBug,
  IconChecklist,
  IconHistory,
  IconListDetails,
  IconMaximize,
  IconRocket,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '../chains/StatusBadge';
import classes from './Toolbar.module.css';

export interface EditorToolbarProps {
  trail: ReactNode;
  status: PipelineStatus | undefined;
  revision: number | undefined;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onFit: () => void;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  debugAll: boolean;
  onDebugAll: (on: boolean) => void;
  onVersions: () => void;
  onActivity: () => void;
  onValidate: () => void;
  onDeploy: () => void;
  validating: boolean;
  deploying: boolean;
  can: { edit: boolean; deploy: boolean; debug: boolean };
}

/** The toolbar above the canvas. */
export function EditorToolbar(p: EditorToolbarProps) {
  return (
    <div className={classes.bar}>
      <Group gap="sm" wrap="nowrap" className={classes.where}>
        {p.trail}
        {p.status && <StatusBadge status={p.status} />}
        {p.revision !== undefined && (
          <Badge variant="outline" color="gray" radius="sm" data-testid="revision">
            r{p.revision}
          </Badge>
        )}
        {p.dirty && (
          <Badge variant="dot" color="orange" radius="sm">
            Unsaved changes
          </Badge>
        )}
      </Group>
      <Group gap={6} wrap="wrap" justify="flex-end">
        <Tooltip label="Undo (Ctrl+Z)">
          <ActionIcon variant="default" size="lg" onClick={p.onUndo} disabled={!p.canUndo} aria-label="Undo">
            <IconArrowBackUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Redo (Ctrl+Shift+Z)">
          <ActionIcon variant="default" size="lg" onClick={p.onRedo} disabled={!p.canRedo} aria-label="Redo">
            <IconArrowForwardUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Zoom to fit">
          <ActionIcon variant="default" size="lg" onClick={p.onFit} aria-label="Zoom to fit">
            <IconMaximize size={18} />
          </ActionIcon>
        </Tooltip>
        <Divider orientation="vertical" />
        <Tooltip label="Trace every message of every node, without a redeploy">
          <Switch
            size="sm"
            label="Debug all"
            checked={p.debugAll}
            disabled={!p.can.debug}
            onChange={(e) => p.onDebugAll(e.currentTarget.checked)}
            thumbIcon={<IconBug size={10} />}
          />
        </Tooltip>
        <Switch
          size="sm"
          label="Enabled"
          checked={p.enabled}
          disabled={!p.can.deploy}
          onChange={(e) => p.onEnabled(e.currentTarget.checked)}
        />
        <Divider orientation="vertical" />
        <Button
          variant="default"
          size="xs"
          leftSection={<IconListDetails size={16} />}
          onClick={p.onActivity}
        >
          Activity
        </Button>
        <Button variant="default" size="xs" leftSection={<IconHistory size={16} />} onClick={p.onVersions}>
          Versions
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconChecklist size={16} />}
          onClick={p.onValidate}
          loading={p.validating}
        >
          Validate
        </Button>
        <Button
          size="xs"
          leftSection={<IconRocket size={16} />}
          onClick={p.onDeploy}
          loading={p.deploying}
          disabled={!p.can.deploy}
        >
          Deploy
        </Button>
      </Group>
    </div>
  );
}
