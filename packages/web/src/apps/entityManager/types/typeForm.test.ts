import type { EntityType } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import {
  blankRow,
  bodyFromForm,
  formFromType,
  inheritedFields,
  rowsValid,
  selfAndDescendants,
  validateRows,
  validateTypeRows,
} from './typeForm';

function type(id: string, parent: string | null, own: Partial<EntityType> = {}): EntityType {
  return {
    id,
    kind: 'asset',
    name: id.toUpperCase(),
    description: '',
    parent_type: parent ? { id: parent, name: parent.toUpperCase() } : null,
    metadata_fields: [],
    properties: [],
    parameters: [],
    effective: { metadata_fields: [], properties: [], parameters: [] },
    usage_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    ...own,
  };
}

describe('validateRows', () => {
  it('asks for a key and a data type, in the spec’s words', () => {
    const errors = validateRows('metadata_fields', [blankRow('metadata_fields')]);
    expect(errors).toEqual([{ key: 'Please enter key', data_type: 'Please enter data type' }]);
    expect(validateRows('parameters', [{ key: 'temp', data_type: '', unit: '°C' }])).toEqual([
      { data_type: 'Please enter data type' },
    ]);
    expect(validateRows('properties', [{ key: ' ', value: 'x' }])).toEqual([{ key: 'Please enter key' }]);
  });

  it('refuses keys that are not identifiers and keys used twice in one list', () => {
    const errors = validateRows('properties', [
      { key: 'vendor', value: 'ACME' },
      { key: '2nd floor', value: '' },
      { key: 'vendor', value: 'Other' },
    ]);
    expect(errors[0]).toEqual({});
    expect(errors[1]?.key).toMatch(/start with a letter/);
    expect(errors[2]).toEqual({ key: 'This key is already used' });
  });

  it('checks a default value against its data type', () => {
    const errors = validateRows('metadata_fields', [
      { key: 'rated_power', data_type: 'number', unit: 'kW', default_value: 'fast' },
      { key: 'floors', data_type: 'integer', unit: '', default_value: '2.5' },
      { key: 'outdoor', data_type: 'boolean', unit: '', default_value: 'true' },
      { key: 'note', data_type: 'string', unit: '', default_value: '' },
    ]);
    expect(errors).toEqual([
      { default_value: 'Must be a number' },
      { default_value: 'Must be a whole number' },
      {},
      {},
    ]);
  });

  it('reports a form valid only when every list is', () => {
    const form = formFromType(null);
    expect(rowsValid(validateTypeRows(form))).toBe(true);
    form.parameters.push(blankRow('parameters'));
    expect(rowsValid(validateTypeRows(form))).toBe(false);
  });
});

describe('form and body', () => {
  it('round-trips a type through the form into a trimmed body', () => {
    const pump = type('pump', 'machine', {
      description: 'Centrifugal pumps',
      metadata_fields: [{ key: 'rated_flow', data_type: 'number', unit: 'm3/h', default_value: '' }],
      parameters: [{ key: 'pressure', data_type: 'number', unit: 'bar' }],
    });
    const form = formFromType(pump);
    form.name = '  Pump  ';
    form.properties.push({ key: ' vendor ', value: 'ACME' });
    expect(bodyFromForm(form)).toEqual({
      name: 'Pump',
      description: 'Centrifugal pumps',
      parent_type_id: 'machine',
      metadata_fields: [{ key: 'rated_flow', data_type: 'number', unit: 'm3/h', default_value: '' }],
      properties: [{ key: 'vendor', value: 'ACME' }],
      parameters: [{ key: 'pressure', data_type: 'number', unit: 'bar' }],
    });
  });
});

describe('inheritedFields', () => {
  const machine = type('machine', null, {
    metadata_fields: [
      { key: 'serial', data_type: 'string', unit: '', default_value: '' },
      { key: 'power', data_type: 'number', unit: 'kW', default_value: '' },
    ],
    properties: [{ key: 'vendor', value: 'ACME' }],
  });
  const pump = type('pump', 'machine', {
    metadata_fields: [{ key: 'power', data_type: 'number', unit: 'W', default_value: '750' }],
    parameters: [{ key: 'flow', data_type: 'number', unit: 'l/s' }],
  });
  const types = new Map([machine, pump].map((t) => [t.id, t]));

  it('lists each ancestor’s fields with where they come from, the nearest definition winning', () => {
    const inherited = inheritedFields(types, 'pump');
    expect(inherited.metadata_fields.map((i) => [i.field.key, i.field.unit, i.origin.name])).toEqual([
      ['power', 'W', 'PUMP'],
      ['serial', '', 'MACHINE'],
    ]);
    expect(inherited.properties).toEqual([
      { field: { key: 'vendor', value: 'ACME' }, origin: { id: 'machine', name: 'MACHINE' } },
    ]);
    expect(inherited.parameters.map((i) => i.origin.id)).toEqual(['pump']);
  });

  it('inherits nothing without a parent, and stops at a parent it does not know', () => {
    expect(inheritedFields(types, null).metadata_fields).toEqual([]);
    expect(inheritedFields(types, 'unknown').properties).toEqual([]);
  });
});

describe('selfAndDescendants', () => {
  it('blocks the type and everything inheriting from it as its own parent', () => {
    const all = [type('a', null), type('b', 'a'), type('c', 'b'), type('d', null)];
    expect([...selfAndDescendants(all, 'a')].sort()).toEqual(['a', 'b', 'c']);
    expect([...selfAndDescendants(all, 'd')]).toEqual(['d']);
  });
});
