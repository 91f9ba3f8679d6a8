/**
 * The right side of the mapping screen: the project's assets and sensors (depth-first, indented),
 * each sensor with its parameters and who feeds them, and a Map button that maps the chosen path.
 */
import { Badge, Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBox, IconLink, IconSearch, IconTemperature, IconX } from '@tabler/icons-react';
import { type CSSProperties, useMemo, useState } from 'react';
import { DATA_TYPE_LABELS } from '../common/labels';
import classes from './Mapping.module.css';
import { type TreeNode, type TreeParameter, visibleTree } from './treeModel';
import type { MapTarget } from './useMapParameter';

interface ProjectTreeProps {
  nodes: TreeNode[];
  gatewayId: string;
  /** The valid path chosen on the left; null disables Map. */
  path: string | null;
  canManage: boolean;
  busy: string | null;
  onMap: (target: MapTarget) => void;
  onUnmap: (mappingId: string, label: string) => void;
}

const indent = (depth: number) => ({ '--depth': depth }) as CSSProperties;

function ParameterRow(props: {
  sensor: TreeNode;
  parameter: TreeParameter;
  gatewayId: string;
  path: string | null;
  canManage: boolean;
  busy: boolean;
  onMap: (target: MapTarget) => void;
  onUnmap: (mappingId: string, label: string) => void;
}) {
  const { sensor, parameter, gatewayId, path, canManage, busy } = props;
  const mapped = parameter.mapped;
  const mine = mapped?.gateway_id === gatewayId;
  const label = `${sensor.name} · ${parameter.key}`;
  return (
    <div
      className={classes.param}
      style={indent(sensor.depth + 1)}
      data-param={`${sensor.name}/${parameter.key}`}
      data-mapped={mapped ? (mine ? 'here' : 'elsewhere') : undefined}
    >
      <div className={classes.paramName}>
        <Text size="sm" className={classes.mono} truncate>
          {parameter.key}
        </Text>
        <Text size="xs" c="dimmed">
          {DATA_TYPE_LABELS[parameter.data_type]}
          {parameter.unit ? ` · ${parameter.unit}` : ''}
        </Text>
      </div>
      <div className={classes.paramState}>
        {mapped ? (
          <Tooltip label={mine ? 'Fed by this gateway' : `Fed by ${mapped.gateway_name}`} withArrow>
            <Badge
              variant={mine ? 'light' : 'outline'}
              color={mine ? 'indigo' : 'gray'}
              radius="sm"
              tt="none"
              leftSection={<IconLink size={12} />}
              className={classes.pathBadge}
            >
              {mine ? mapped.json_path : `${mapped.gateway_name}: ${mapped.json_path}`}
            </Badge>
          </Tooltip>
        ) : (
          <Text size="xs" c="dimmed">
            not mapped
          </Text>
        )}
      </div>
      {canManage && (
        <Group gap={4} wrap="nowrap" className={classes.paramActions}>
          {mapped && mine && (
            <Tooltip label="Remove mapping" withArrow>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Unmap ${label}`}
                onClick={() => props.onUnmap(mapped.mapping_id, label)}
                disabled={busy}
              >
                <IconX size={14} />
              </Button>
            </Tooltip>
          )}
          <Tooltip label={path ? `Map ${path} here` : 'Choose a JSON path on the left first'} withArrow>
            <Button
              size="compact-xs"
              variant={path ? 'light' : 'default'}
              aria-label={`Map to ${label}`}
              disabled={!path || busy || (mine && mapped?.json_path === path)}
              loading={busy}
              onClick={() =>
                props.onMap({ sensorId: sensor.id, sensorName: sensor.name, paramKey: parameter.key })
              }
            >
              Map
            </Button>
          </Tooltip>
        </Group>
      )}
    </div>
  );
}

/** The tree panel with its search. */
export function ProjectTree({ nodes, gatewayId, path, canManage, busy, onMap, onUnmap }: ProjectTreeProps) {
  const [search, setSearch] = useState('');
  const visible = useMemo(() => visibleTree(nodes, search), [nodes, search]);
  return (
    <div className={classes.treePanel}>
      <TextInput
        placeholder="Search sensors and parameters"
        aria-label="Search the project tree"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        size="xs"
        mb="sm"
      />
      {visible.nodes.length === 0 ? (
        <Text size="sm" c="dimmed" p="md" ta="center">
          {search
            ? `No sensor or parameter matches “${search}”.`
            : 'No sensors with parameters in this project yet. Add sensors of a type with parameters in the Entity Manager.'}
        </Text>
      ) : (
        <div className={classes.tree} data-testid="mapping-tree">
          {visible.nodes.map((node) =>
            node.kind === 'asset' ? (
              <div key={node.id} className={classes.asset} style={indent(node.depth)}>
                <IconBox size={14} />
                <Text size="sm" fw={600} truncate>
                  {node.name}
                </Text>
              </div>
            ) : (
              <div key={node.id} className={classes.sensor} data-sensor={node.name}>
                <div className={classes.sensorName} style={indent(node.depth)}>
                  <IconTemperature size={14} />
                  <Text size="sm" fw={600} truncate>
                    {node.name}
                  </Text>
                </div>
                {node.parameters.map((parameter) => (
                  <ParameterRow
                    key={parameter.key}
                    sensor={node}
                    parameter={parameter}
                    gatewayId={gatewayId}
                    path={path}
                    canManage={canManage}
                    busy={busy === `${node.id}/${parameter.key}`}
                    onMap={onMap}
                    onUnmap={onUnmap}
                  />
                ))}
              </div>
            ),
          )}
          {visible.capped && (
            <Text size="xs" c="dimmed" p="sm" ta="center">
              Showing the first sensors of {visible.matched}; search to narrow the list.
            </Text>
          )}
        </div>
      )}
    </div>
  );
}
