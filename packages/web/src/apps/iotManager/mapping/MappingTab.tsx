/**
 * Parameter mapping (spec §2 "parameter mapping with a project tree"): pick a JSON path on the left,
 * map it onto a sensor parameter of the project tree on the right; this gateway's mappings below,
 * and the timestamp mapping. A parameter fed by another path asks first (spec §5, useMapParameter).
 */
import { type Gateway, leafPaths } from '@ferrite/contracts';
import { ActionIcon, Badge, Grid, Group, Paper, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconRoute, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { confirmDelete } from '../../../ui/confirm';
import { DateTime } from '../../../ui/time';
import { useDeleteMappingMutation, useGetMappingTreeQuery, useListMappingsQuery } from '../api/mappingApi';
import { useGetGatewayLogsQuery } from '../api/operationsApi';
import detail from '../detail/Detail.module.css';
import { notifyProblem, useErrorToast, useOrgId } from '../hooks';
import classes from './Mapping.module.css';
import { PathPicker, pathError } from './PathPicker';
import { ProjectTree } from './ProjectTree';
import { TimestampCard } from './TimestampCard';
import { mappedCounts } from './treeModel';
import { type MapTarget, useMapParameter } from './useMapParameter';

/** The fields of the newest telemetry payload in the log, for picking paths. */
function useSamplePaths(gatewayId: string): string[] {
  const orgId = useOrgId();
  const logs = useGetGatewayLogsQuery({ orgId, gatewayId, limit: 25 }, { skip: !orgId });
  return useMemo(() => {
    const line = logs.data?.logs.find((log) => log.kind === 'telemetry' && log.payload);
    if (!line?.payload) return [];
    try {
      const parsed: unknown = JSON.parse(line.payload);
      return leafPaths(Array.isArray(parsed) ? parsed[0] : parsed, '', 60);
    } catch {
      return [];
    }
  }, [logs.data]);
}

/** The Mapping tab. */
export function MappingTab({ gateway, canManage }: { gateway: Gateway; canManage: boolean }) {
  const orgId = useOrgId();
  const arg = { orgId, gatewayId: gateway.id };
  const tree = useGetMappingTreeQuery(arg, { skip: !orgId, refetchOnMountOrArgChange: true });
  const mappings = useListMappingsQuery(arg, { skip: !orgId, refetchOnMountOrArgChange: true });
  useErrorToast(tree.error ?? mappings.error);
  const [deleteMapping] = useDeleteMappingMutation();
  const map = useMapParameter(gateway.id);
  const samplePaths = useSamplePaths(gateway.id);
  const [path, setPath] = useState(gateway.streaming_params[0]?.value ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const validPath = path.trim() && !pathError(path) ? path.trim() : null;
  const counts = useMemo(() => mappedCounts(tree.data?.nodes ?? []), [tree.data]);

  const onMap = async (target: MapTarget) => {
    if (!validPath) return;
    setBusy(`${target.sensorId}/${target.paramKey}`);
    await map(validPath, target);
    setBusy(null);
  };
  const onUnmap = async (mappingId: string, label: string) => {
    if (!(await confirmDelete('Remove'))) return;
    const result = await deleteMapping({ ...arg, mappingId });
    if (result.error) notifyProblem(result.error);
    else notifySuccess(`Removed the mapping of ${label}`);
  };

  const list = mappings.data ?? [];
  return (
    <div className={detail.content}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="lg" className={classes.card}>
              <Text fw={650} mb={2}>
                1 · Choose a payload field
              </Text>
              <Text size="xs" c="dimmed" mb="md">
                A JSON path into one reading the gateway sends.
              </Text>
              <PathPicker
                path={path}
                onChange={setPath}
                streaming={gateway.streaming_params}
                mappings={list}
                samplePaths={samplePaths}
              />
            </Paper>
            <TimestampCard
              key={JSON.stringify(gateway.timestamp_mapping)}
              gateway={gateway}
              canManage={canManage}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p="lg" className={classes.card}>
            <Group justify="space-between" mb={2} wrap="nowrap">
              <Text fw={650}>2 · Map it to a sensor parameter</Text>
              {tree.data && (
                <Badge variant="light" color="indigo" radius="sm" tt="none">
                  {counts.mapped} of {counts.total} parameters fed
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" mb="md">
              {tree.data ? `Sensors of ${tree.data.project.name}` : 'The project’s sensors'}
              {validPath ? (
                <>
                  {' '}
                  — <b>Map</b> sends <span className={classes.mono}>{validPath}</span> to a parameter.
                </>
              ) : null}
            </Text>
            {tree.data ? (
              <ProjectTree
                nodes={tree.data.nodes}
                gatewayId={gateway.id}
                path={canManage ? validPath : null}
                canManage={canManage}
                busy={busy}
                onMap={onMap}
                onUnmap={onUnmap}
              />
            ) : (
              <Stack gap="xs">
                {[0, 1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} height={36} radius="sm" />
                ))}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>

      <Paper withBorder radius="lg" p="lg" mt="lg" className={classes.card} data-testid="gateway-mappings">
        <Group gap="xs" mb="sm">
          <IconRoute size={18} />
          <Text fw={650}>Mappings of this gateway</Text>
          <Badge variant="light" color="gray" radius="sm" size="sm">
            {list.length}
          </Badge>
        </Group>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing mapped yet: readings arrive in the log but are not stored on any sensor.
          </Text>
        ) : (
          <Table verticalSpacing={6} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>JSON path</Table.Th>
                <Table.Th w={30} />
                <Table.Th>Sensor parameter</Table.Th>
                <Table.Th w={120}>Since</Table.Th>
                {canManage && <Table.Th w={50} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((mapping) => (
                <Table.Tr key={mapping.id} data-mapping={mapping.json_path}>
                  <Table.Td className={classes.mono}>{mapping.json_path}</Table.Td>
                  <Table.Td>
                    <IconArrowRight size={14} color="var(--mantine-color-dimmed)" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {mapping.sensor_name} · <span className={classes.mono}>{mapping.param_key}</span>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      <DateTime value={mapping.created_at} />
                    </Text>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Tooltip label="Remove mapping" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove mapping ${mapping.json_path}`}
                          onClick={() => onUnmap(mapping.id, `${mapping.sensor_name} · ${mapping.param_key}`)}
                        >
                          <IconTrash size={15} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </div>
  );
}
