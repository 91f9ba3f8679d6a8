import { findWidgetVariant, resolveWidgetConfig } from '@ferrite/contracts';
import { toRgba } from '@mantine/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contrastRatio, TEXT_CONTRAST } from '../../ui/contrast';
import { installWidgetShims, renderWithProviders, widgetProps } from '../testing';
import { estimateTextWidth } from '../textWidth';
import { WidgetRenderer } from '../WidgetRenderer';

beforeAll(installWidgetShims);
afterEach(cleanup);

const variant = (id: string) => findWidgetVariant(id)!;
const series = (...values: number[]) => ({
  series: [
    {
      key: 'a',
      points: values.map((value, i) => ({ ts: new Date(Date.UTC(2025, 0, 1, i)).toISOString(), value })),
    },
  ],
});

describe('command widgets', () => {
  it('asks for confirmation, then raises onCommand with the button value; cancel sends nothing', async () => {
    const onCommand = vi.fn();
    const v = variant('button.reset');
    renderWithProviders(<WidgetRenderer {...widgetProps(v, { onCommand })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(/Are you sure you want to send this command\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCommand).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onCommand).toHaveBeenCalledWith(true));
  });

  it('a switch sends true or false and goes back when cancelled', async () => {
    const onCommand = vi.fn();
    renderWithProviders(
      <WidgetRenderer {...widgetProps(variant('switch.on_off'), { onCommand, data: undefined })} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Power' });
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toggle).not.toBeChecked());
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onCommand).toHaveBeenCalledWith(true));
  });

  it('a set-point sends the typed number', async () => {
    const onCommand = vi.fn();
    renderWithProviders(
      <WidgetRenderer {...widgetProps(variant('set_point.generic'), { onCommand, data: undefined })} />,
    );
    const input = screen.getByRole('textbox', { name: 'Set-point' });
    await userEvent.clear(input);
    await userEvent.type(input, '42');
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onCommand).toHaveBeenCalledWith(42));
  });

  it('is disabled without onCommand (catalogue previews)', () => {
    renderWithProviders(<WidgetRenderer {...widgetProps(variant('button.on'))} />);
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeDisabled();
  });
});

describe('indicators take threshold colours', () => {
  it('KPI shows the value in its threshold colour, darkened to read at 4.5:1, and the change since the previous reading', () => {
    const v = variant('kpi.temperature');
    renderWithProviders(<WidgetRenderer {...widgetProps(v, {}, series(50, 90))} />);
    const value = screen.getByTestId('kpi-value');
    expect(value).toHaveTextContent('90.0 °C');
    // The alarm row's #DF5353 reads 3.9:1 on a white panel; drawn, it stays red and reaches 4.5:1.
    const drawn = toRgba(value.style.color);
    expect(contrastRatio(value.style.color, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(drawn.r).toBeGreaterThan(drawn.g * 2);
    expect(drawn.r).toBeGreaterThan(drawn.b * 2);
    expect(screen.getByTestId('kpi-delta')).toHaveTextContent('+40.0');
  });

  it('KPI keeps a long unit on one line: the number shrinks to the card instead of wrapping', () => {
    const v = variant('kpi.basic');
    const props = widgetProps(v, { width: 276, height: 146 }, series(0.5, 0.544));
    props.config = { ...props.config, unit: 'mbar/min', decimals: 3, entire_range: { min: 0, max: 5 } };
    renderWithProviders(<WidgetRenderer {...props} />);
    const value = screen.getByTestId('kpi-value');
    expect(value).toHaveTextContent('0.544 mbar/min');
    const size = Number.parseFloat(value.style.fontSize);
    expect(estimateTextWidth('0.544 mbar/min', size, true)).toBeLessThanOrEqual(276 - 24);
    expect(size).toBeGreaterThan(20);
  });

  it('KPI with its change and range text fits a catalogue card’s height', () => {
    const props = widgetProps(variant('kpi.temperature'), { width: 206, height: 110 }, series(50, 49.4));
    props.config = { ...props.config, show_title: false };
    renderWithProviders(<WidgetRenderer {...props} />);
    const size = Number.parseFloat(screen.getByTestId('kpi-value').style.fontSize);
    // Number, change line and range line (about 22 px each plus 6 px gaps) within the card's padding.
    expect(size * 1.1 + 2 * 28 + 16).toBeLessThanOrEqual(110);
    expect(screen.getByTestId('kpi-delta')).toHaveTextContent('since last reading');
  });

  it('status lamp shows the range text and shape of the matching row', () => {
    renderWithProviders(<WidgetRenderer {...widgetProps(variant('status_lamp.triangle'), {}, series(95))} />);
    expect(screen.getByTestId('lamp-label')).toHaveTextContent('Alarm');
    expect(screen.getByRole('img', { name: 'Status: Alarm' }).querySelector('polygon')).not.toBeNull();
  });

  it('a boolean lamp reads true and false rows', () => {
    const v = variant('status_lamp.on_off');
    const props = widgetProps(v, {}, series(0));
    const config = resolveWidgetConfig(v, {
      thresholds: [
        {
          from: 1,
          to: 1,
          color: '#00ff00',
          rangeText: 'true',
          conditionText: '',
          shapeColor: '#00ff00',
          shapeType: 'circle',
        },
        {
          from: 0,
          to: 0,
          color: '#ff0000',
          rangeText: 'false',
          conditionText: '',
          shapeColor: '#ff0000',
          shapeType: 'circle',
        },
      ],
    });
    renderWithProviders(<WidgetRenderer {...props} config={config} />);
    expect(screen.getByTestId('lamp-label')).toHaveTextContent('false');
  });
});

describe('text widget', () => {
  it('renders markup as literal text, never as HTML', () => {
    const v = variant('text.note');
    const config = resolveWidgetConfig(v, {
      text_content: '<img src=x onerror=alert(1)><script>alert(2)</script> **safe**',
    });
    const { container } = renderWithProviders(<WidgetRenderer {...widgetProps(v)} config={config} />);
    const text = screen.getByTestId('widget-text');
    expect(text.textContent).toContain('<img src=x onerror=alert(1)><script>alert(2)</script>');
    expect(container.querySelector('script, img')).toBeNull();
    expect(text.querySelector('strong')).toHaveTextContent('safe');
  });
});
