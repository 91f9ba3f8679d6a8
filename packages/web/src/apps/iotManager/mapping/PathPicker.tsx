/**
 * The left side of the mapping screen: the JSON path to map, typed or picked from the gateway's
 * streaming parameters or from the fields of the last reading it received; checked with parseJsonPath.
 */
import { type GatewayParam, type Mapping, parseJsonPath } from '@ferrite/contracts';
import { Badge, Chip, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBraces, IconCheck } from '@tabler/icons-react';
import { DATA_TYPE_LABELS } from '../common/labels';
import classes from './Mapping.module.css';

/** The path's error, or null when it parses (empty is not an error yet: nothing was typed). */
export function pathError(path: string): string | null {
  if (!path.trim()) return null;
  const parsed = parseJsonPath(path);
  return 'error' in parsed ? parsed.error : null;
}

interface PathPickerProps {
  path: string;
  onChange: (path: string) => void;
  streaming: GatewayParam[];
  mappings: Mapping[];
  /** Leaf paths of the last reading received, when there is one. */
  samplePaths: string[];
}

/** The path field and the lists to pick from. */
export function PathPicker({ path, onChange, streaming, mappings, samplePaths }: PathPickerProps) {
  const error = pathError(path);
  const mappedPaths = new Map<string, number>();
  for (const mapping of mappings)
    mappedPaths.set(mapping.json_path, (mappedPaths.get(mapping.json_path) ?? 0) + 1);
  const streamingPaths = new Set(streaming.map((p) => p.value));
  const extra = samplePaths.filter((p) => !streamingPaths.has(p));
  return (
    <Stack gap="md">
      <TextInput
        label="JSON path"
        description="Where the value sits in a reading: temp, data.temp, sensors[0].value"
        placeholder="data.temp"
        leftSection={<IconBraces size={14} />}
        value={path}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        classNames={{ input: classes.mono }}
        data-testid="json-path"
      />
      <div>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.groupLabel}>
          Streaming parameters
        </Text>
        {streaming.length === 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            None yet: add them on the Parameters tab, or type a path above.
          </Text>
        ) : (
          <Stack gap={4} mt={6} role="listbox" aria-label="Streaming parameters">
            {streaming.map((param) => {
              const selected = path.trim() === param.value;
              const count = mappedPaths.get(param.value) ?? 0;
              return (
                <UnstyledButton
                  key={`${param.key}:${param.value}`}
                  role="option"
                  aria-selected={selected}
                  className={classes.pathOption}
                  data-selected={selected || undefined}
                  onClick={() => onChange(param.value)}
                  data-path={param.value}
                >
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} truncate>
                        {param.key}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {DATA_TYPE_LABELS[param.data_type]}
                        {param.unit && param.unit !== '-' ? ` · ${param.unit}` : ''}
                      </Text>
                    </Group>
                    <Text size="xs" className={classes.mono} c="dimmed" truncate>
                      {param.value}
                    </Text>
                  </div>
                  {count > 0 ? (
                    <Badge
                      size="sm"
                      variant="light"
                      color="indigo"
                      radius="sm"
                      tt="none"
                      leftSection={<IconCheck size={11} />}
                    >
                      {count === 1 ? 'mapped' : `${count} maps`}
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="outline" color="gray" radius="sm" tt="none">
                      unmapped
                    </Badge>
                  )}
                </UnstyledButton>
              );
            })}
          </Stack>
        )}
      </div>
      {extra.length > 0 && (
        <div>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.groupLabel}>
            Fields of the last reading
          </Text>
          <Chip.Group value={path.trim()} onChange={(value) => onChange(value as string)}>
            <Group gap={6} mt={6}>
              {extra.slice(0, 30).map((sample) => (
                <Chip key={sample} value={sample} size="xs" variant="outline">
                  {sample}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      )}
    </Stack>
  );
}
