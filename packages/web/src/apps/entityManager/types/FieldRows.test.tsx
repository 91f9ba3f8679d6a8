import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { FieldRows } from './FieldRows';
import { ROW_LISTS } from './rowColumns';
import { validateRows } from './typeForm';

beforeAll(installDomShims);
afterEach(cleanup);

describe('FieldRows', () => {
  it('shows the row messages once errors are on, and greys inherited rows with their origin', () => {
    const rows = [
      { key: '', data_type: '', unit: '', default_value: '' },
      { key: 'power', data_type: 'number', unit: 'kW', default_value: 'lots' },
    ];
    const props = {
      ...ROW_LISTS.metadata_fields,
      listKey: 'metadata_fields',
      rows,
      errors: validateRows('metadata_fields', rows),
      inherited: [
        {
          field: { key: 'serial', data_type: 'string', unit: '', default_value: '' },
          origin: { id: 'm', name: 'Machine' },
        },
      ],
      readOnly: false,
      onChange: () => {},
    };
    const { rerender } = renderWithProviders(<FieldRows {...props} showErrors={false} />);
    expect(screen.queryByText('Please enter key')).toBeNull();

    rerender(<FieldRows {...props} showErrors />);
    expect(screen.getByText('Please enter key')).toBeInTheDocument();
    expect(screen.getByText('Please enter data type')).toBeInTheDocument();
    expect(screen.getByText('Must be a number')).toBeInTheDocument();
    const inherited = document.querySelector('[data-inherited="serial"]') as HTMLElement;
    expect(within(inherited).getByText('from Machine')).toBeInTheDocument();
    expect(within(inherited).queryByRole('textbox')).toBeNull();
  });

  it('adds a blank row and removes one', () => {
    let latest: Record<string, string>[] = [];
    const onChange = (next: Record<string, string>[]) => {
      latest = next;
    };
    renderWithProviders(
      <FieldRows
        {...ROW_LISTS.properties}
        listKey="properties"
        rows={[{ key: 'vendor', value: 'ACME' }]}
        errors={[{}]}
        showErrors
        inherited={[]}
        readOnly={false}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add property' }));
    expect(latest).toEqual([
      { key: 'vendor', value: 'ACME' },
      { key: '', value: '' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove properties row 1' }));
    expect(latest).toEqual([]);
  });
});
