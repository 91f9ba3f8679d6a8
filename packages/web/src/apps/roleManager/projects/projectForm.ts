/** The project form's values, their checks, and the request body they become. */
import type { Project, ProjectBody } from '@ferrite/contracts';

export interface MetadataRow {
  /** A client-side key so rows keep their inputs while others are removed. */
  rowKey: string;
  key: string;
  value: string;
}

export interface ProjectValues {
  name: string;
  description: string;
  managerId: string | null;
  memberIds: string[];
  metadata: MetadataRow[];
  address: string;
  /** Empty string while the box is empty (NumberInput's blank value). */
  latitude: number | string;
  longitude: number | string;
}

let rowCounter = 0;
/** A fresh metadata row. */
export function metadataRow(key = '', value = ''): MetadataRow {
  rowCounter += 1;
  return { rowKey: `row-${rowCounter}`, key, value };
}

/** The form's starting values for a project (or a blank one). */
export function projectValues(project: Project | null): ProjectValues {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    managerId: project?.manager?.id ?? null,
    memberIds: project?.members.map((m) => m.id) ?? [],
    metadata: project?.metadata.map((m) => metadataRow(m.key, m.value)) ?? [],
    address: project?.location.address ?? '',
    latitude: project?.location.latitude ?? '',
    longitude: project?.location.longitude ?? '',
  };
}

const inRange = (limit: number, label: string) => (value: number | string) => {
  if (value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit
    ? null
    : `${label} must be between -${limit} and ${limit}`;
};

/** Per-field checks, matching the server's limits so most mistakes never leave the form. */
export const validateProject = {
  name: (value: string) => (value.trim() ? null : 'Please enter a project name'),
  latitude: inRange(90, 'Latitude'),
  longitude: inRange(180, 'Longitude'),
  metadata: {
    key: (value: string, values: ProjectValues, path: string) => {
      const index = Number(path.split('.')[1]);
      const row = values.metadata[index];
      if (!value.trim()) return row?.value.trim() ? 'Please enter key' : null;
      const duplicate = values.metadata.some((r, i) => i < index && r.key.trim() === value.trim());
      return duplicate ? 'This key is already used' : null;
    },
  },
};

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** The POST/PUT body; blank metadata rows are dropped. */
export function projectBody(values: ProjectValues): ProjectBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    manager_id: values.managerId,
    member_ids: values.memberIds,
    metadata: values.metadata
      .filter((row) => row.key.trim())
      .map((row) => ({ key: row.key.trim(), value: row.value })),
    location: {
      address: values.address.trim(),
      latitude: numberOrNull(values.latitude),
      longitude: numberOrNull(values.longitude),
    },
  };
}
