import { notifications } from '@mantine/notifications';
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { fakeStreamServer, KINDS, PROJECT_ID } from '../testing';
import { ConfigForm } from './ConfigForm';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 8_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const kind = (type: string) => {
  const found = KINDS.find((k) => k.type === type);
  if (!found) throw new Error(type);
  return found;
};

/** The form over state, reporting each config it produces. */
function Harness({
  type,
  start,
  seen,
}: {
  type: string;
  start: Record<string, unknown>;
  seen: (c: Record<string, unknown>) => void;
}) {
  const [config, setConfig] = useState(start);
  return (
    <ConfigForm
      kind={kind(type)}
      projectId={PROJECT_ID}
      config={config}
      onChange={(next) => {
        setConfig(next);
        seen(next);
      }}
    />
  );
}

describe('a node config form generated from its schema', () => {
  it('draws each property as its widget: expression as monospace, integer, enum, variants, switch', async () => {
    fakeStreamServer({});
    const seen = vi.fn();
    renderWithProviders(<Harness type="formula" start={kind('formula').default_config} seen={seen} />);
    const expression = screen.getByLabelText(/Expression/);
    expect(expression.tagName).toBe('TEXTAREA');
    expect(expression).toHaveAttribute('data-widget', 'expression');
    expect(expression).toHaveValue('x * 1.8 + 32');
    fireEvent.change(expression, { target: { value: 'x * 2' } });
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ expression: 'x * 2' }));

    fireEvent.change(screen.getByLabelText('Decimals'), { target: { value: '2' } });
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ decimals: 2 }));

    // oneOf with a discriminator: picking "Under an asset" swaps the sensors picker for an asset picker.
    expect(screen.getByText('Which sensors')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Sensors/).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Under an asset'));
    expect(seen).toHaveBeenLastCalledWith(
      expect.objectContaining({ scope: { kind: 'asset', asset_id: '' } }),
    );
    expect((await screen.findAllByLabelText(/^Asset/)).length).toBeGreaterThan(0);
    expect(screen.queryAllByLabelText(/^Sensors/)).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Keep the key'));
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ keep_key: true }));
  });

  it('a switch’s routes are a list of sub-forms with add and remove', () => {
    fakeStreamServer({});
    const seen = vi.fn();
    renderWithProviders(
      <Harness type="switch" start={{ routes: [{ output: 'hot', when: 'x > 80' }] }} seen={seen} />,
    );
    expect(screen.getByDisplayValue('hot')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add route' }));
    expect(seen).toHaveBeenLastCalledWith({
      routes: [
        { output: 'hot', when: 'x > 80' },
        { output: '', when: '' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove route 1' }));
    expect(seen).toHaveBeenLastCalledWith({ routes: [{ output: '', when: '' }] });
  });

  it('a gateway picker lists the project’s gateways from /stream_process/{project}/gateways', async () => {
    const { calls } = fakeStreamServer({
      'GET /gateways': {
        status: 200,
        body: {
          gateways: [{ uuid: 'g1', name: 'Pump house', type: 'MQTT', status: 'online' }],
          total_entries: 1,
        },
      },
    });
    const seen = vi.fn();
    renderWithProviders(<Harness type="gateway_telemetry" start={{ gateway_id: '' }} seen={seen} />);
    const picker = screen.getByRole('combobox', { name: 'Gateway' });
    await vi.waitFor(() => expect(calls.some((c) => c.path.endsWith('/gateways'))).toBe(true));
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Pump house', hidden: true }));
    expect(seen).toHaveBeenLastCalledWith({ gateway_id: 'g1' });
  });

  it('a failed gateway load shows the server’s message (spec §8)', async () => {
    const shown = vi.spyOn(notifications, 'show');
    fakeStreamServer({
      'GET /gateways': {
        status: 403,
        body: { title: 'Not allowed', detail: 'You may not list gateways of this project', status: 403 },
      },
    });
    renderWithProviders(<Harness type="gateway_telemetry" start={{ gateway_id: '' }} seen={vi.fn()} />);
    await vi.waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Not allowed',
          message: 'You may not list gateways of this project',
        }),
      ),
    );
    shown.mockRestore();
  });
});
