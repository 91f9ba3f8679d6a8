/**
 * Which sensors a rule covers: one sensor, every sensor of a sensor type, or every sensor under an asset
 * (sensors created later included). Tells the editor which parameters the scope's sensors have.
 */
import type { RuleScope } from '@ferrite/contracts';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAlertSensorTypesQuery } from '../api/pickersApi';
import { EntityPicker } from '../common/EntityPicker';
import { useOrgId } from '../hooks';

type Kind = RuleScope['kind'];

interface ScopePickerProps {
  value: RuleScope | null;
  onChange: (scope: RuleScope | null) => void;
  /** The parameter keys of the sensors in scope, as far as the pickers know them. */
  onParams: (keys: string[]) => void;
  error?: string;
}

/** The scope's id, whatever its kind. */
function scopeId(scope: RuleScope | null): string | null {
  if (!scope) return null;
  return scope.kind === 'sensor'
    ? scope.sensor_id
    : scope.kind === 'sensor_type'
      ? scope.type_id
      : scope.asset_id;
}

/** The picker. */
export function ScopePicker({ value, onChange, onParams, error }: ScopePickerProps) {
  const orgId = useOrgId();
  const [kind, setKind] = useState<Kind>(value?.kind ?? 'sensor_type');
  const types = useAlertSensorTypesQuery({ orgId }, { skip: !orgId });
  const typeList = types.data?.types ?? [];
  const id = scopeId(value);
  // A type's own parameters; for a sensor picked now, its own; for an asset, every sensor type's.
  useEffect(() => {
    if (kind === 'sensor_type') {
      const type = typeList.find((t) => t.id === id);
      if (type) onParams(type.effective.parameters.map((p) => p.key));
    } else if (kind === 'asset') {
      onParams([...new Set(typeList.flatMap((t) => t.effective.parameters.map((p) => p.key)))]);
    }
  }, [kind, id, typeList, onParams]);
  const choose = (next: Kind, nextId: string | null) => {
    if (!nextId) return onChange(null);
    onChange(
      next === 'sensor'
        ? { kind: 'sensor', sensor_id: nextId }
        : next === 'sensor_type'
          ? { kind: 'sensor_type', type_id: nextId }
          : { kind: 'asset', asset_id: nextId },
    );
  };
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={kind}
        onChange={(next) => {
          // Another kind starts with nothing chosen.
          setKind(next as Kind);
          onChange(null);
        }}
        data={[
          { value: 'sensor_type', label: 'Every sensor of a type' },
          { value: 'sensor', label: 'One sensor' },
          { value: 'asset', label: 'Everything under an asset' },
        ]}
        aria-label="Scope"
        fullWidth
      />
      {kind === 'sensor_type' ? (
        <Select
          label="Sensor type"
          data={typeList.map((t) => ({ value: t.id, label: t.name }))}
          value={id}
          onChange={(next) => choose('sensor_type', next)}
          placeholder={types.isError ? 'Sensor types cannot be listed' : 'Choose a sensor type'}
          searchable
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-testid="type-picker"
        />
      ) : (
        <EntityPicker
          kind={kind}
          value={id}
          error={error}
          onChange={(next, entity) => {
            choose(kind, next);
            if (entity && kind === 'sensor') onParams(entity.parameters.map((p) => p.key));
          }}
        />
      )}
      <Text size="xs" c="dimmed">
        {kind === 'sensor'
          ? 'Watches this sensor only.'
          : 'Sensors added later to this scope are covered too.'}
      </Text>
    </Stack>
  );
}
