import type { MappingBody, MappingTreeResponse } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { fakeIotServer, GATEWAY_ID, gatewayFixture, PROJECT_ID } from '../testing';
import { MappingTab } from './MappingTab';

// Drawers, selects and modals render for real; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENSOR_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a33';
const OTHER_GATEWAY = '9e0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a99';
const OLD_MAPPING = '8d0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a88';

const tree: MappingTreeResponse = {
  project: { id: PROJECT_ID, name: 'Plant' },
  nodes: [
    {
      id: '4a0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a10',
      kind: 'asset',
      name: 'Boiler house',
      parent_id: null,
      depth: 0,
      parameters: [],
    },
    {
      id: SENSOR_ID,
      kind: 'sensor',
      name: 'Probe 1',
      parent_id: '4a0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a10',
      depth: 1,
      parameters: [
        {
          key: 'temperature',
          data_type: 'number',
          unit: '°C',
          mapped: {
            mapping_id: OLD_MAPPING,
            gateway_id: OTHER_GATEWAY,
            gateway_name: 'Old edge',
            json_path: 't',
          },
        },
        { key: 'humidity', data_type: 'number', unit: '%', mapped: null },
      ],
    },
  ],
};

const conflict = {
  status: 409,
  body: {
    title: 'Parameter already mapped',
    detail: 'Probe 1 · temperature is fed by Old edge',
    status: 409,
    existing: { id: OLD_MAPPING, gateway_id: OTHER_GATEWAY, gateway_name: 'Old edge', json_path: 't' },
  },
};

function serve() {
  const posted: MappingBody[] = [];
  const server = fakeIotServer({
    [`GET /gateways/${GATEWAY_ID}/mapping_tree`]: { status: 200, body: tree },
    [`GET /gateways/${GATEWAY_ID}/mappings`]: { status: 200, body: { mappings: [] } },
    [`GET /gateways/${GATEWAY_ID}/logs`]: { status: 200, body: { logs: [] } },
    [`POST /gateways/${GATEWAY_ID}/mappings`]: (req) => {
      const body = req.body as MappingBody;
      posted.push(body);
      if (!body.replace) return conflict;
      return {
        status: 201,
        body: {
          id: '7c0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a77',
          gateway_id: GATEWAY_ID,
          json_path: body.json_path,
          sensor_id: body.sensor_id,
          sensor_name: 'Probe 1',
          param_key: body.param_key,
          created_at: '2026-05-01T10:00:00.000Z',
        },
      };
    },
  });
  return { ...server, posted };
}

const gateway = gatewayFixture({
  streaming_params: [{ key: 'temperature', value: 'data.temp', data_type: 'number', unit: '°C' }],
});

describe('Mapping tab', () => {
  it('asks before taking over a mapped parameter, then resends with replace: true', async () => {
    const { posted } = serve();
    renderWithProviders(<MappingTab gateway={gateway} canManage />);
    // Who feeds the parameter now is on the tree.
    expect(await screen.findByText('Old edge: t')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Map to Probe 1 · temperature' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent(
      'Probe 1 · temperature is already mapped to “t” of Old edge. Do you want to remove the previous key and create a new mapping to “data.temp”?',
    );
    expect(posted).toEqual([
      { json_path: 'data.temp', sensor_id: SENSOR_ID, param_key: 'temperature', replace: false },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove and map' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({
      json_path: 'data.temp',
      sensor_id: SENSOR_ID,
      param_key: 'temperature',
      replace: true,
    });
  });

  it('keeps the old mapping when the user says no', async () => {
    const { posted } = serve();
    renderWithProviders(<MappingTab gateway={gateway} canManage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Map to Probe 1 · temperature' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toHaveLength(1);
  });

  it('refuses a path that does not parse and maps nothing', async () => {
    const { posted } = serve();
    renderWithProviders(<MappingTab gateway={gateway} canManage />);
    await screen.findByText('Old edge: t');
    fireEvent.change(screen.getByRole('textbox', { name: /JSON path/ }), { target: { value: 'data..temp' } });
    expect(await screen.findByText(/Expected a field name/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Map to Probe 1 · humidity' })).toBeDisabled();
    expect(posted).toHaveLength(0);
  });
});
