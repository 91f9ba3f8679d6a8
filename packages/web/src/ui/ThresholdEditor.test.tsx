import type { EntireRange, ThresholdRange, WidgetDataType } from '@ferrite/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ThresholdEditor } from './ThresholdEditor';
import { installDomShims, renderWithProviders } from './test-utils';

beforeAll(installDomShims);
afterEach(cleanup);

let latest: ThresholdRange[] = [];
function Harness({
  dataType = 'numeric',
  initial = [] as ThresholdRange[],
  entire = { min: null, max: null } as EntireRange,
}: {
  dataType?: WidgetDataType;
  initial?: ThresholdRange[];
  entire?: EntireRange;
}) {
  const [rows, setRows] = useState(initial);
  const [range, setRange] = useState(entire);
  latest = rows;
  return (
    <ThresholdEditor
      rows={rows}
      dataType={dataType}
      entireRange={range}
      onChange={setRows}
      onEntireRangeChange={setRange}
    />
  );
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('ThresholdEditor (spec §4, §5)', () => {
  it('adds a first range from the entire min to max (0 to 100 when empty) coloured #55B53B', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add range' }));
    expect(value('Row 1 start')).toBe('0');
    expect(value('Row 1 end')).toBe('100');
    expect(value('Row 1 colour')).toBe('#55B53B');
  });

  it('starts each new row at the previous end, and moves it when that end changes', async () => {
    renderWithProviders(<Harness entire={{ min: 10, max: 80 }} />);
    const add = screen.getByRole('button', { name: 'Add range' });
    await userEvent.click(add);
    expect(value('Row 1 start')).toBe('10');
    const end = screen.getByLabelText('Row 1 end');
    await userEvent.clear(end);
    await userEvent.type(end, '40');
    await userEvent.click(add);
    expect(value('Row 2 start')).toBe('40');
    expect(value('Row 2 end')).toBe('80');
    expect(screen.getByLabelText('Row 2 start')).toHaveAttribute('readonly');
    await userEvent.clear(end);
    await userEvent.type(end, '30');
    expect(value('Row 2 start')).toBe('30');
    expect(latest.map((r) => [r.from, r.to])).toEqual([
      [10, 30],
      [30, 80],
    ]);
  });

  it('flags a row whose start is not less than its end', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add range' }));
    const end = screen.getByLabelText('Row 1 end');
    await userEvent.clear(end);
    await userEvent.type(end, '0');
    expect(screen.getByRole('group', { name: 'Row 1' })).toHaveAttribute('data-flagged', 'true');
    expect(screen.getByText('Start must be less than end')).toBeInTheDocument();
  });

  it('shows boolean parameters as two rows, true and false, without an add button', () => {
    renderWithProviders(<Harness dataType="boolean" />);
    expect(screen.getAllByTestId('boolean-row').map((el) => el.textContent)).toEqual(['true', 'false']);
    expect(screen.queryByRole('button', { name: 'Add range' })).toBeNull();
    expect(latest.map((r) => r.rangeText)).toEqual(['true', 'false']);
  });

  it('removes a row and re-chains the next one', async () => {
    renderWithProviders(<Harness entire={{ min: 0, max: 90 }} />);
    const add = screen.getByRole('button', { name: 'Add range' });
    await userEvent.click(add);
    fireEvent.change(screen.getByLabelText('Row 1 end'), { target: { value: '30' } });
    await userEvent.click(add);
    fireEvent.change(screen.getByLabelText('Row 2 end'), { target: { value: '60' } });
    await userEvent.click(add);
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(latest.map((r) => [r.from, r.to])).toEqual([
      [0, 30],
      [30, 90],
    ]);
  });
});
