import type { Entity, MetadataField } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { bodyFromEntityForm, formFromEntity, metadataForType, validateEntityForm } from './entityForm';

const FIELDS: MetadataField[] = [
  { key: 'serial', data_type: 'string', unit: '', default_value: '' },
  { key: 'rated_power', data_type: 'number', unit: 'kW', default_value: '7.5' },
  { key: 'outdoor', data_type: 'boolean', unit: '', default_value: '' },
];

describe('entity form', () => {
  it('starts a new sensor indoors, under the given parent', () => {
    const form = formFromEntity(null, 'parent-id');
    expect(form).toMatchObject({ parent_id: 'parent-id', position: 'indoor', latitude: '', metadata: {} });
  });

  it('takes a type’s defaults but keeps values already typed', () => {
    expect(metadataForType({ serial: 'SN-1', gone: 'x' }, FIELDS)).toEqual({
      serial: 'SN-1',
      rated_power: '7.5',
      outdoor: '',
    });
  });

  it('checks name, type, metadata data types and coordinates', () => {
    const form = {
      ...formFromEntity(null),
      metadata: { rated_power: 'lots', outdoor: 'maybe' },
      latitude: '95',
      longitude: '',
    };
    expect(validateEntityForm(form, FIELDS)).toEqual({
      name: 'Please enter a name',
      type_id: 'Please choose a type',
      'metadata.rated_power': 'Must be a number',
      'metadata.outdoor': 'Must be true or false',
      latitude: 'Latitude must be between -90 and 90',
      longitude: 'Enter a longitude too, or clear the latitude',
    });
  });

  it('builds the body with a location only when both coordinates are given', () => {
    const form = {
      ...formFromEntity(null, 'p'),
      name: ' Boiler 2 ',
      type_id: 't',
      metadata: { serial: 'B2', rated_power: '12' },
      latitude: '52.5',
      longitude: '-13.25',
      position: 'outdoor' as const,
    };
    expect(validateEntityForm(form, FIELDS)).toEqual({});
    expect(bodyFromEntityForm(form, FIELDS)).toEqual({
      name: 'Boiler 2',
      type_id: 't',
      parent_id: 'p',
      description: '',
      caretaker_ids: [],
      metadata: { serial: 'B2', rated_power: '12', outdoor: '' },
      location: { latitude: 52.5, longitude: -13.25 },
      position: 'outdoor',
    });
    expect(bodyFromEntityForm({ ...form, longitude: '' }, FIELDS).location).toBeNull();
  });

  it('reads an entity back into the form', () => {
    const entity = {
      id: 'e',
      uuid: 'e',
      kind: 'sensor',
      project_id: 'p',
      parent_id: 'a',
      type: { id: 't', name: 'Thermo' },
      name: 'T1',
      description: 'Inlet',
      caretakers: [{ id: 'u', name: 'Una', email: 'u@x.io' }],
      hierarchy: [],
      metadata: [{ key: 'serial', data_type: 'string', unit: '', value: 'S1' }],
      parameters: [],
      location: { latitude: 1.5, longitude: 2 },
      position: 'outdoor',
      child_count: 0,
      created_at: '',
    } satisfies Entity;
    expect(formFromEntity(entity)).toEqual({
      name: 'T1',
      type_id: 't',
      parent_id: 'a',
      description: 'Inlet',
      caretaker_ids: ['u'],
      metadata: { serial: 'S1' },
      latitude: '1.5',
      longitude: '2',
      position: 'outdoor',
    });
  });
});
