/** The columns of the three lists a type holds, and what each list is for. */
import type { RowColumn } from './FieldRows';
import type { RowList } from './typeForm';

interface ListSpec {
  title: string;
  description: string;
  addLabel: string;
  columns: RowColumn[];
}

/** Metadata fields, properties and parameters, as the editor shows them. */
export const ROW_LISTS: Record<RowList, ListSpec> = {
  metadata_fields: {
    title: 'Metadata fields',
    description: 'Values every entity of this type fills in (serial number, rated power…).',
    addLabel: 'Add field',
    columns: [
      { field: 'key', label: 'Key', kind: 'text', width: '1.2fr', placeholder: 'serial_number' },
      { field: 'data_type', label: 'Data type', kind: 'dataType', width: '1fr' },
      { field: 'unit', label: 'Unit', kind: 'text', width: '0.7fr', placeholder: 'kW' },
      { field: 'default_value', label: 'Default', kind: 'text', width: '1fr', placeholder: 'optional' },
    ],
  },
  properties: {
    title: 'Properties',
    description: 'Fixed facts of the type itself, the same for every entity (vendor, model…).',
    addLabel: 'Add property',
    columns: [
      { field: 'key', label: 'Key', kind: 'text', width: '1fr', placeholder: 'vendor' },
      { field: 'value', label: 'Value', kind: 'text', width: '1.6fr', placeholder: 'ACME' },
    ],
  },
  parameters: {
    title: 'Parameters',
    description: 'What entities of this type measure or report over time (temperature, pressure…).',
    addLabel: 'Add parameter',
    columns: [
      { field: 'key', label: 'Key', kind: 'text', width: '1.2fr', placeholder: 'temperature' },
      { field: 'data_type', label: 'Data type', kind: 'dataType', width: '1fr' },
      { field: 'unit', label: 'Unit', kind: 'text', width: '0.8fr', placeholder: '°C' },
    ],
  },
};
