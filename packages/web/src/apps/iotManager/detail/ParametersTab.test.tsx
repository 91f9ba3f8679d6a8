import { type GatewayBody, MESSAGES } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { fakeIotServer, GATEWAY_ID, gatewayFixture, IOT_ALL, meWith } from '../testing';
import { ParametersTab } from './ParametersTab';

// Drawers, selects and modals render for real; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const streaming = () => screen.getByText('Streaming parameters').closest('[data-params]') as HTMLElement;

function type(label: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

async function pickType(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Parameters tab', () => {
  it('shows the spec messages for an empty row and sends nothing', async () => {
    const { calls } = fakeIotServer({});
    renderWithProviders(<ParametersTab gateway={gatewayFixture()} canManage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add streaming parameter' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save parameters' }));
    const card = streaming();
    expect(await within(card).findByText(MESSAGES.gatewayParam.key)).toBeInTheDocument();
    expect(within(card).getByText(MESSAGES.gatewayParam.value)).toBeInTheDocument();
    expect(within(card).getByText(MESSAGES.gatewayParam.dataType)).toBeInTheDocument();
    expect(within(card).getByText(MESSAGES.gatewayParam.unit)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses a duplicate key, value and type, then saves the whole gateway once fixed', async () => {
    const saved: GatewayBody[] = [];
    const gateway = gatewayFixture({
      streaming_params: [{ key: 'temp', value: 'temp', data_type: 'number', unit: '°C' }],
    });
    const { calls } = fakeIotServer({
      [`PUT /gateways/${GATEWAY_ID}`]: (req) => {
        saved.push(req.body as GatewayBody);
        return { status: 200, body: { ...gateway, ...(req.body as object) } };
      },
    });
    renderWithProviders(<ParametersTab gateway={gateway} canManage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add streaming parameter' }));
    type('streaming key 2', 'temp');
    type('streaming json path 2', 'temp');
    await pickType('streaming data type 2', 'Number');
    type('streaming unit 2', 'K');
    fireEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    expect(await screen.findByText(MESSAGES.gatewayParam.duplicate)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    type('streaming key 2', 'hum');
    type('streaming json path 2', 'hum');
    fireEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.streaming_params).toEqual([
      { key: 'temp', value: 'temp', data_type: 'number', unit: '°C' },
      { key: 'hum', value: 'hum', data_type: 'number', unit: 'K' },
    ]);
    // The rest of the gateway goes along unchanged (PUT replaces it).
    expect(saved[0]?.name).toBe('Boiler edge');
    expect(saved[0]?.protocol).toBe('HTTP');
    expect(screen.queryByText(MESSAGES.gatewayParam.duplicate)).not.toBeInTheDocument();
  });

  it('keeps a topic saved before the topic rules: the saved body leaves it out', async () => {
    const saved: GatewayBody[] = [];
    const gateway = gatewayFixture({ topic: 'site//old/commands', topic_available: false });
    fakeIotServer({
      [`PUT /gateways/${GATEWAY_ID}`]: (req) => {
        saved.push(req.body as GatewayBody);
        return { status: 200, body: gateway };
      },
    });
    renderWithProviders(<ParametersTab gateway={gateway} canManage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add static parameter' }));
    type('static key 1', 'site');
    type('static value 1', 'north');
    await pickType('static data type 1', 'Text');
    type('static unit 1', '-');
    fireEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).not.toHaveProperty('topic');
    expect(saved[0]?.static_params).toEqual([
      { key: 'site', value: 'north', data_type: 'string', unit: '-' },
    ]);
  });

  it("shows the server's field errors on the row they name", async () => {
    fakeIotServer({
      [`PUT /gateways/${GATEWAY_ID}`]: {
        status: 400,
        body: {
          title: 'Invalid request',
          detail: 'static_params.0.key',
          status: 400,
          errors: [{ path: 'body.static_params.0.key', message: 'Reserved key' }],
        },
      },
    });
    renderWithProviders(<ParametersTab gateway={gatewayFixture()} canManage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add static parameter' }));
    type('static key 1', 'uuid');
    type('static value 1', 'abc');
    await pickType('static data type 1', 'Text');
    type('static unit 1', '-');
    fireEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    expect(await screen.findByText('Reserved key')).toBeInTheDocument();
  });

  it('is read-only without iotManager.manageGateways', () => {
    fakeIotServer({}, meWith(IOT_ALL.filter((p) => p !== 'iotManager.manageGateways')));
    renderWithProviders(
      <ParametersTab
        gateway={gatewayFixture({
          static_params: [{ key: 'fw', value: '1.0', data_type: 'string', unit: '-' }],
        })}
        canManage={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add static parameter' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'static key 1' })).toHaveAttribute('readonly');
  });
});
