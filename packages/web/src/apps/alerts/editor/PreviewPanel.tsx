/**
 * Live preview: the rule's data against each covered sensor's last values (POST rules/preview), sent
 * again 600 ms after the last change; each sensor with its values and whether the condition holds.
 */
import type { RuleData, RulePreview } from '@ferrite/contracts';
import { Badge, Group, Loader, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { usePreviewRuleMutation } from '../api/rulesApi';
import { useOrgId } from '../hooks';

/** How long typing pauses before the preview asks again. */
export const PREVIEW_DEBOUNCE_MS = 600;

function MatchBadge({ matches }: { matches: boolean | null }) {
  if (matches === null)
    return (
      <Badge
        size="sm"
        variant="default"
        title="A value the condition needs is missing"
        style={{ overflow: 'visible' }}
      >
        No value
      </Badge>
    );
  return (
    <Badge size="sm" color={matches ? 'red' : 'teal'} variant={matches ? 'filled' : 'light'}>
      {matches ? 'Matches' : 'No match'}
    </Badge>
  );
}

/** The preview of `data` (null: the draft is not ready, e.g. no scope yet). */
export function PreviewPanel({
  data,
  onParams,
}: {
  data: RuleData | null;
  onParams?: (keys: string[]) => void;
}) {
  const orgId = useOrgId();
  const [preview, state] = usePreviewRuleMutation();
  const [result, setResult] = useState<RulePreview | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const key = data ? JSON.stringify(data) : null;
  const paramsRef = useRef(onParams);
  paramsRef.current = onParams;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the data's content.
  useEffect(() => {
    if (!data || !orgId) return;
    const timer = setTimeout(() => {
      preview({ orgId, data })
        .unwrap()
        .then((answer) => {
          setResult(answer);
          setFailed(null);
          paramsRef.current?.([...new Set(answer.sensors.flatMap((s) => Object.keys(s.values)))]);
        })
        .catch((error: { title?: string; errors?: Array<{ message: string }> }) =>
          setFailed(error?.errors?.[0]?.message ?? error?.title ?? 'The preview failed'),
        );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, orgId, preview]);

  if (!data)
    return (
      <Text size="sm" c="dimmed">
        Choose a scope and name each condition's parameter to see the rule against the latest values.
      </Text>
    );
  const matching = result?.sensors.filter((s) => s.matches).length ?? 0;
  return (
    <Stack gap="xs" data-testid="rule-preview">
      <Group gap="xs">
        {result && (
          <Text size="sm">
            Covers <b>{result.covered_sensors}</b> {result.covered_sensors === 1 ? 'sensor' : 'sensors'};{' '}
            <b>{matching}</b> would fire now
          </Text>
        )}
        {state.isLoading && <Loader size="xs" />}
      </Group>
      {failed && (
        <Text size="xs" c="red">
          {failed}
        </Text>
      )}
      {!result ? (
        !failed && <Skeleton height={80} radius="sm" />
      ) : result.sensors.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sensor is in this scope yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table striped highlightOnHover verticalSpacing={4} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sensor</Table.Th>
                <Table.Th>Last values</Table.Th>
                <Table.Th w={104} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.sensors.map((sensor) => (
                <Table.Tr key={sensor.sensor_id} data-preview-sensor={sensor.sensor_name}>
                  <Table.Td>
                    <Text size="xs" fw={600}>
                      {sensor.sensor_name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {sensor.asset_path}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" lineClamp={2}>
                      {Object.entries(sensor.values)
                        .map(([param, v]) => `${param}=${Number(v.value.toFixed(3))}`)
                        .join('  ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <MatchBadge matches={sensor.matches} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
