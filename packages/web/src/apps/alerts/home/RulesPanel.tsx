/**
 * The rules on the home: Active / Archived with counts, each rule's enable switch, severity, scope and
 * open alerts, and its menu (edit, archive or unarchive, delete after confirmation); Export JSON downloads
 * every rule, Import JSON uploads a file and names what is wrong with it.
 */
import type { AlertRule } from '@ferrite/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Menu,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconDownload,
  IconPencil,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { ArchiveTab } from '../../../ui/archiveTabs';
import { confirmArchive, confirmDelete } from '../../../ui/confirm';
import {
  useDeleteRuleMutation,
  useListRulesQuery,
  useSetRuleArchivedMutation,
  useUpdateRuleMutation,
} from '../api/rulesApi';
import { SeverityBadge } from '../common/Badges';
import { bodyOfRule } from '../editor/ruleForm';
import { runAction, useCan, useOrgId } from '../hooks';
import classes from './Home.module.css';
import { ImportProblems, useRuleFiles } from './ruleFiles';

/** Rules shown on the home (the rest are a page away). */
const RULES_SHOWN = 50;

function RuleRow({ rule, onEdit }: { rule: AlertRule; onEdit: (id: string) => void }) {
  const orgId = useOrgId();
  const can = useCan();
  const [update] = useUpdateRuleMutation();
  const [setArchived] = useSetRuleArchivedMutation();
  const [remove] = useDeleteRuleMutation();
  const manage = can('manageRules');
  const toggle = (enabled: boolean) =>
    runAction(
      () => update({ orgId, ruleId: rule.id, body: bodyOfRule(rule, { enabled }) }).unwrap(),
      enabled ? 'Rule enabled' : 'Rule disabled',
    );
  const archive = async () => {
    const type = rule.archived ? 'Unarchive' : 'Archive';
    if (!(await confirmArchive(type))) return;
    await runAction(
      () => setArchived({ orgId, ruleId: rule.id, archived: !rule.archived }).unwrap(),
      rule.archived ? 'Rule unarchived' : 'Rule archived',
    );
  };
  const del = async () => {
    if (!(await confirmDelete())) return;
    await runAction(() => remove({ orgId, ruleId: rule.id }).unwrap(), 'Rule deleted');
  };
  return (
    <div className={classes.row} data-rule-row={rule.rule_name}>
      <Switch
        checked={rule.enabled}
        disabled={!manage || rule.archived}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        aria-label={`${rule.rule_name} enabled`}
        size="sm"
      />
      <UnstyledButton
        className={classes.grow}
        onClick={() => onEdit(rule.id)}
        aria-label={`Edit ${rule.rule_name}`}
      >
        <Text size="sm" fw={600} truncate>
          {rule.rule_name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {rule.scope_label} · {rule.covered_sensors} {rule.covered_sensors === 1 ? 'sensor' : 'sensors'}
        </Text>
      </UnstyledButton>
      <SeverityBadge severity={rule.severity} size="sm" />
      <Badge
        variant={rule.open_alerts ? 'light' : 'default'}
        color={rule.open_alerts ? 'red' : 'gray'}
        size="sm"
        style={{ flexShrink: 0 }}
        title="Open alerts of this rule"
      >
        {rule.open_alerts} open
      </Badge>
      {manage && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${rule.rule_name}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(rule.id)}>
              Edit
            </Menu.Item>
            <Menu.Item
              leftSection={rule.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
              onClick={() => void archive()}
            >
              {rule.archived ? 'Unarchive' : 'Archive'}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void del()}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
}

/** The rules panel's body and its header buttons. */
export function RulesPanel({ onEdit }: { onEdit: (id: string | null) => void }) {
  const orgId = useOrgId();
  const can = useCan();
  const [tab, setTab] = useState<ArchiveTab>('active');
  const query = useListRulesQuery(
    { orgId, tab, page: 1, pageSize: RULES_SHOWN },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const data = query.currentData ?? (query.isError ? undefined : query.data);
  const files = useRuleFiles();
  const counts = data?.counts;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={tab}
          onChange={(value) => setTab(value as ArchiveTab)}
          data={[
            { value: 'active', label: `Active${counts ? ` · ${counts.active}` : ''}` },
            { value: 'archived', label: `Archived${counts ? ` · ${counts.archived}` : ''}` },
          ]}
          aria-label="Which rules"
        />
        <Group gap={6}>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => void files.exportAll()}
          >
            Export JSON
          </Button>
          {can('manageRules') && (
            <FileButton onChange={(file) => void files.importFile(file)} accept="application/json,.json">
              {(props) => (
                <Button size="compact-sm" variant="default" leftSection={<IconUpload size={14} />} {...props}>
                  Import JSON
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Group>
      <ImportProblems problems={files.problems} onClose={files.clearProblems} />
      {!data && !query.isError ? (
        [0, 1, 2].map((i) => <Skeleton key={i} height={40} radius="sm" />)
      ) : !data?.rules.length ? (
        <Text size="sm" c="dimmed" py="sm">
          {tab === 'archived'
            ? 'No archived rules.'
            : 'No rules yet. A rule watches sensor values and raises an alert when its condition holds.'}
        </Text>
      ) : (
        <Stack gap={2}>
          {data.rules.map((rule) => (
            <RuleRow key={rule.id} rule={rule} onEdit={onEdit} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
