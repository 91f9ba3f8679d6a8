/**
 * The visual condition builder: AND / OR groups of leaves (comparison, between / outside, rate of
 * change, no data, on / off, a CEL expression), nested up to the contracts' depth, with the condition
 * in words underneath. Field errors of the server (paths under data.condition) show on their fields.
 */
import {
  CONDITION_MAX_DEPTH,
  CONDITION_MAX_LEAVES,
  type Condition,
  conditionLeaves,
  describeCondition,
  type GroupCondition,
  isGroup,
} from '@ferrite/contracts';
import { ActionIcon, Button, Group, Menu, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBraces, IconPlus, IconTrash } from '@tabler/icons-react';
import { ConditionLeaf } from './ConditionLeaf';
import { appendAt, asRootGroup, LEAF_KINDS, type LeafKind, newLeaf, replaceAt } from './conditionTree';

interface BuilderProps {
  value: Condition;
  onChange: (condition: Condition) => void;
  params: string[];
  /** The error path of the root, e.g. 'data.condition'. */
  errorPath: string;
  errors: Record<string, string>;
}

interface GroupProps extends Omit<BuilderProps, 'value'> {
  root: GroupCondition;
  group: GroupCondition;
  path: number[];
  depth: number;
}

function GroupNode({ root, group, path, depth, onChange, params, errorPath, errors }: GroupProps) {
  const full = conditionLeaves(root).length >= CONDITION_MAX_LEAVES;
  const at = (index: number) => [...path, index];
  const pathText = (index: number) =>
    `${errorPath}${path.map((i) => `.conditions.${i}`).join('')}.conditions.${index}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      bg={depth % 2 ? 'var(--mantine-color-default-hover)' : undefined}
      data-condition-group={group.op}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={group.op}
              onChange={(op) => onChange(replaceAt(root, path, { ...group, op: op as 'all' | 'any' }))}
              data={[
                { value: 'all', label: 'ALL of (AND)' },
                { value: 'any', label: 'ANY of (OR)' },
              ]}
              aria-label="Combine with"
            />
          </Group>
          {path.length > 0 && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remove group"
              onClick={() => onChange(replaceAt(root, path, null))}
            >
              <IconTrash size={15} />
            </ActionIcon>
          )}
        </Group>
        {group.conditions.map((child, index) =>
          isGroup(child) ? (
            <GroupNode
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no ids; their place is their identity.
              key={index}
              root={root}
              group={child}
              path={at(index)}
              depth={depth + 1}
              onChange={onChange}
              params={params}
              errorPath={errorPath}
              errors={errors}
            />
          ) : (
            <ConditionLeaf
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no ids; their place is their identity.
              key={index}
              leaf={child}
              params={params}
              onChange={(leaf) => onChange(replaceAt(root, at(index), leaf))}
              onRemove={
                conditionLeaves(root).length > 1
                  ? () => onChange(replaceAt(root, at(index), null))
                  : undefined
              }
              errorOf={(field) =>
                errors[`${pathText(index)}.${field}`] ??
                (field === 'param' ? errors[pathText(index)] : undefined)
              }
            />
          ),
        )}
        {errors[`${errorPath}${path.map((i) => `.conditions.${i}`).join('')}.conditions`] && (
          <Text size="xs" c="red">
            {errors[`${errorPath}${path.map((i) => `.conditions.${i}`).join('')}.conditions`]}
          </Text>
        )}
        <Group gap="xs">
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} disabled={full}>
                Condition
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {LEAF_KINDS.map((kind) => (
                <Menu.Item
                  key={kind.value}
                  onClick={() => onChange(appendAt(root, path, newLeaf(kind.value as LeafKind)))}
                >
                  {kind.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {depth + 1 < CONDITION_MAX_DEPTH && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconBraces size={12} />}
              disabled={full}
              onClick={() =>
                onChange(
                  appendAt(root, path, {
                    op: group.op === 'all' ? 'any' : 'all',
                    conditions: [newLeaf('comparison')],
                  }),
                )
              }
            >
              Group
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The builder with its summary in words. */
export function ConditionBuilder({ value, onChange, params, errorPath, errors }: BuilderProps) {
  const root = asRootGroup(value);
  return (
    <Stack gap={6}>
      <GroupNode
        root={root}
        group={root}
        path={[]}
        depth={0}
        onChange={onChange}
        params={params}
        errorPath={errorPath}
        errors={errors}
      />
      <Text size="xs" c="dimmed" data-testid="condition-summary">
        Fires when {describeCondition(root) || '…'}
      </Text>
      {errors[errorPath] && (
        <Text size="xs" c="red">
          {errors[errorPath]}
        </Text>
      )}
    </Stack>
  );
}
