import type { GatewayBody, ListGatewaysResponse } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { fakeIotServer, gatewayFixture, IOT_ALL, meWith, PROJECT_ID } from '../testing';
import { GatewayList } from './GatewayList';

// No socket server in jsdom: the list shows fetched statuses only.
vi.mock('../../../app/socket', () => ({ useSocketRoom: () => 'offline' }));

// Drawers, selects and modals render for real; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'fgw_3kF9sQ2mZp7Lr1Xv8Nd4Bt6Hy0Wc5Ej_x9Qz';

function page(gateways = [gatewayFixture()], abilities = IOT_ALL): ListGatewaysResponse {
  return {
    gateways,
    total_entries: gateways.length,
    counts: { active: gateways.length, archived: 2 },
    abilities,
  };
}

function serve(abilities = IOT_ALL) {
  const created: GatewayBody[] = [];
  const server = fakeIotServer(
    {
      [`GET /projects/${PROJECT_ID}/gateways`]: { status: 200, body: page(undefined, abilities) },
      [`POST /projects/${PROJECT_ID}/gateways`]: (req) => {
        created.push(req.body as GatewayBody);
        const body = req.body as GatewayBody;
        return { status: 201, body: { gateway: gatewayFixture({ name: body.name }), access_token: TOKEN } };
      },
    },
    meWith(abilities),
  );
  return { ...server, created };
}

const renderList = () =>
  renderWithProviders(
    <GatewayList projectId={PROJECT_ID} projectName="Plant" breadcrumbs={null} onOpen={() => {}} />,
  );

describe('Gateway list', () => {
  it('marks a gateway whose topic is not available, and only that one', async () => {
    const blocked = gatewayFixture({
      id: '2a0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a02',
      name: 'Squatted edge',
      topic_available: false,
    });
    fakeIotServer(
      { [`GET /projects/${PROJECT_ID}/gateways`]: { status: 200, body: page([gatewayFixture(), blocked]) } },
      meWith(IOT_ALL),
    );
    renderList();
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    expect(await screen.findByText('Squatted edge')).toBeInTheDocument();
    expect(within(row('Squatted edge')).getByText('Topic not available')).toBeInTheDocument();
    expect(within(row('Boiler edge')).queryByText('Topic not available')).not.toBeInTheDocument();
  });

  it('asks for page 1 of 25 of the active tab and shows both counts', async () => {
    const { calls } = serve();
    renderList();
    expect(await screen.findByText('Boiler edge')).toBeInTheDocument();
    const list = calls.find((c) => c.path.endsWith('/gateways') && c.method === 'GET');
    const params = new URL(list?.url ?? 'http://x').searchParams;
    expect(params.get('page_number')).toBe('1');
    expect(params.get('page_size')).toBe('25');
    expect(params.get('is_archived')).toBe('false');
    expect(screen.getByTestId('tab-count-active')).toHaveTextContent('1');
    expect(screen.getByTestId('tab-count-archived')).toHaveTextContent('2');
  });

  it('shows the access token of a new gateway once, with the warning and a copy button', async () => {
    const { created } = serve();
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'New gateway' }));
    const drawer = await screen.findByRole('dialog', { name: /New gateway/ });
    // The contract's own message for a missing name; nothing is sent.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create gateway' }));
    expect(await within(drawer).findByText('Please enter a gateway name')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    fireEvent.change(within(drawer).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Line 2 edge' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create gateway' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ name: 'Line 2 edge', type: 'MQTT', protocol: 'MQTT' });
    // Blank identifiers are left for the server to generate.
    expect(created[0]).not.toHaveProperty('topic');

    const modal = await screen.findByRole('dialog', { name: /Gateway created/ });
    expect(within(modal).getByTestId('access-token')).toHaveTextContent(TOKEN);
    expect(within(modal).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText(TOKEN)).not.toBeInTheDocument());
  });

  it('hides New gateway and row actions without iotManager.manageGateways', async () => {
    serve(['iotManager.view']);
    renderList();
    await screen.findByText('Boiler edge');
    expect(screen.queryByRole('button', { name: 'New gateway' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Boiler edge' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the list fails to load", async () => {
    fakeIotServer({
      [`GET /projects/${PROJECT_ID}/gateways`]: {
        status: 404,
        body: { title: 'Project not found', detail: 'No active project has this id', status: 404 },
      },
    });
    renderList();
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(screen.getByText('No active project has this id')).toBeInTheDocument();
  });

  it('opens the connection section to show that another gateway has the user name', async () => {
    const sent: GatewayBody[] = [];
    fakeIotServer(
      {
        [`GET /projects/${PROJECT_ID}/gateways`]: { status: 200, body: page() },
        [`POST /projects/${PROJECT_ID}/gateways`]: (req) => {
          sent.push(req.body as GatewayBody);
          const message = 'Another gateway already uses this user name';
          return {
            status: 409,
            body: {
              title: 'Conflict',
              status: 409,
              detail: `body.username: ${message}`,
              errors: [{ path: 'body.username', message }],
            },
          };
        },
      },
      meWith(IOT_ALL),
    );
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'New gateway' }));
    const drawer = await screen.findByRole('dialog', { name: /New gateway/ });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Line 3 edge' },
    });
    const section = within(drawer).getByRole('button', { name: /Connection and credentials/ });
    fireEvent.click(section);
    fireEvent.change(await within(drawer).findByRole('textbox', { name: 'User name' }), {
      target: { value: 'line-user' },
    });
    // Closed again before sending: the answer must still be seen.
    fireEvent.click(section);
    await waitFor(() => expect(section).toHaveAttribute('aria-expanded', 'false'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create gateway' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Line 3 edge', username: 'line-user' });
    const error = await within(drawer).findByText('Another gateway already uses this user name');
    // The answer reopens the section; under load its text arrives a moment before the section shows it.
    await waitFor(() => expect(error).toBeVisible());
    expect(section).toHaveAttribute('aria-expanded', 'true');
  });
});
