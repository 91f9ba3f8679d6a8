/** The asset/sensor editor's model: form ⇄ body, metadata per the chosen type, and its checks. */
import {
  DEFAULT_SENSOR_POSITION,
  type Entity,
  type EntityBody,
  type MetadataField,
  SENSOR_POSITIONS,
} from '@ferrite/contracts';
import { valueError } from '../values';

export type SensorPosition = (typeof SENSOR_POSITIONS)[number];

export interface EntityForm {
  name: string;
  type_id: string | null;
  parent_id: string | null;
  description: string;
  caretaker_ids: string[];
  /** Values by metadata key, for the chosen type's fields. */
  metadata: Record<string, string>;
  /** Text, so a half-typed "-" or "52." stays in the input; checked on save. */
  latitude: string;
  longitude: string;
  position: SensorPosition;
}

/** The form for a new entity under `parentId`, or for editing `entity`. */
export function formFromEntity(entity: Entity | null, parentId: string | null = null): EntityForm {
  return {
    name: entity?.name ?? '',
    type_id: entity?.type.id ?? null,
    parent_id: entity ? entity.parent_id : parentId,
    description: entity?.description ?? '',
    caretaker_ids: entity?.caretakers.map((person) => person.id) ?? [],
    metadata: Object.fromEntries(entity?.metadata.map((entry) => [entry.key, entry.value]) ?? []),
    latitude: entity?.location ? String(entity.location.latitude) : '',
    longitude: entity?.location ? String(entity.location.longitude) : '',
    position: entity?.position ?? DEFAULT_SENSOR_POSITION,
  };
}

/**
 * The metadata after choosing a type: every field of the type once, keeping values already typed
 * for a key, else the field's default (as the server resolves missing keys).
 */
export function metadataForType(
  current: Record<string, string>,
  fields: readonly MetadataField[],
): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.key, current[field.key] ?? field.default_value]));
}

const COORDINATE = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function coordinateError(text: string, limit: number, name: string): string | null {
  const value = text.trim();
  if (!COORDINATE.test(value)) return `${name} must be a number`;
  return Math.abs(Number(value)) > limit ? `${name} must be between -${limit} and ${limit}` : null;
}

/** Messages by field path ('name', 'type_id', 'metadata.<key>', 'latitude'…); empty when the form is valid. */
export function validateEntityForm(
  form: EntityForm,
  fields: readonly MetadataField[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'Please enter a name';
  if (!form.type_id) errors.type_id = 'Please choose a type';
  for (const field of fields) {
    const problem = valueError(field.data_type, form.metadata[field.key] ?? '');
    if (problem) errors[`metadata.${field.key}`] = problem;
  }
  const lat = form.latitude.trim();
  const lng = form.longitude.trim();
  if (lat || lng) {
    if (!lat) errors.latitude = 'Enter a latitude too, or clear the longitude';
    else if (!lng) errors.longitude = 'Enter a longitude too, or clear the latitude';
    const latError = lat ? coordinateError(lat, 90, 'Latitude') : null;
    const lngError = lng ? coordinateError(lng, 180, 'Longitude') : null;
    if (latError) errors.latitude = latError;
    if (lngError) errors.longitude = lngError;
  }
  return errors;
}

/** The request body of a valid form; only the chosen type's metadata keys are sent. */
export function bodyFromEntityForm(form: EntityForm, fields: readonly MetadataField[]): EntityBody {
  const lat = form.latitude.trim();
  const lng = form.longitude.trim();
  return {
    name: form.name.trim(),
    type_id: form.type_id ?? '',
    parent_id: form.parent_id,
    description: form.description.trim(),
    caretaker_ids: form.caretaker_ids,
    metadata: Object.fromEntries(
      fields.map((field) => [field.key, form.metadata[field.key] ?? field.default_value]),
    ),
    location: lat && lng ? { latitude: Number(lat), longitude: Number(lng) } : null,
    position: SENSOR_POSITIONS.includes(form.position) ? form.position : DEFAULT_SENSOR_POSITION,
  };
}
