import type { PipelineTraceEvent } from '@ferrite/contracts';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../../app/fakeSocket';
import { createStore } from '../../../app/store';
import { sessionActions } from '../../../session/sessionSlice';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { CHAIN_ID, chainFixture, fakeStreamServer, installFlowShims, ORG_ID, PROJECT_ID } from '../testing';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });
const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../../app/fakeSocket');
  return {
    io: (options: never) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  };
});
const { closeSocket } = await import('../../../app/socket');
const { ChainEditor } = await import('./ChainEditor');

const ARG = { orgId: ORG_ID, projectId: PROJECT_ID, pipelineId: CHAIN_ID };
const EMPTY_TRACE = { revision: 3, connections: {}, nodes: {}, entries: [] };

beforeAll(() => {
  installFlowShims();
  installDomShims();
});
beforeEach(() => {
  sockets.length = 0;
});
afterEach(() => {
  cleanup();
  closeSocket();
  vi.unstubAllGlobals();
});

function signedIn() {
  const store = createStore();
  store.dispatch(
    sessionActions.orgLoginSucceeded({
      userId: 'u1',
      orgId: ORG_ID,
      accessToken: 'token-1',
      expiresAt: null,
    }),
  );
  return store;
}

async function openEditor(routes: Parameters<typeof fakeStreamServer>[0]) {
  const server = fakeStreamServer({
    [`GET /pipelines/${CHAIN_ID}`]: { status: 200, body: chainFixture() },
    [`GET /pipelines/${CHAIN_ID}/trace`]: { status: 200, body: EMPTY_TRACE },
    ...routes,
  });
  renderWithProviders(<ChainEditor arg={ARG} trail="°C to °F" onActivity={vi.fn()} />, { store: signedIn() });
  await screen.findByText('To °F');
  return server;
}

const nodeBox = (id: string) => document.querySelector(`[data-node-id="${id}"]`) as HTMLElement;

describe('the chain editor', () => {
  it('Deploy sends the graph with the revision it was loaded at, and shows the new revision', async () => {
    const { calls } = await openEditor({
      [`PATCH /pipelines/${CHAIN_ID}`]: { status: 200, body: chainFixture({ revision: 4 }) },
    });
    expect(screen.getByTestId('revision')).toHaveTextContent('r3');
    fireEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    await vi.waitFor(() => expect(screen.getByTestId('revision')).toHaveTextContent('r4'));
    const patch = calls.find((c) => c.method === 'PATCH')?.body as {
      revision: number;
      actions: unknown[];
      connections: unknown[];
    };
    expect(patch.revision).toBe(3);
    expect(patch.actions).toHaveLength(3);
    expect(patch.connections).toHaveLength(2);
  });

  it('a stale revision (409) says who changed the chain and when, and Reload opens their version', async () => {
    let current = chainFixture();
    const { calls } = await openEditor({
      [`GET /pipelines/${CHAIN_ID}`]: () => ({ status: 200, body: current }),
      [`PATCH /pipelines/${CHAIN_ID}`]: () => {
        current = chainFixture({ revision: 5, name: '°C to °F (Bo)' });
        return {
          status: 409,
          body: {
            title: 'Conflict',
            detail: 'Bo Builder deployed revision 5 since you opened revision 3',
            status: 409,
            message: 'Bo Builder deployed revision 5 since you opened revision 3',
            revision: 5,
            updated_at: '2026-11-28T11:30:00.000Z',
            updated_by: { id: 'u2', name: 'Bo Builder' },
          },
        };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('conflict-who')).toHaveTextContent(
      /Changed by Bo Builder at .*\(revision 5\)/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(screen.getByTestId('revision')).toHaveTextContent('r5'));
    expect(
      calls.filter((c) => c.method === 'GET' && c.path.endsWith(CHAIN_ID)).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('problems (422) are listed, their node outlined in red, and a click on one selects it', async () => {
    await openEditor({
      [`PATCH /pipelines/${CHAIN_ID}`]: {
        status: 422,
        body: {
          title: 'The chain has problems',
          detail: '1 problem',
          status: 422,
          message: 'The chain has problems',
          problems: [{ node_id: 'vs-1', connection_id: null, message: 'Pick a sensor to write' }],
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    const problems = await screen.findByRole('region', { name: 'Problems' });
    expect(within(problems).getByText(/Pick a sensor to write/)).toBeInTheDocument();
    expect(nodeBox('vs-1')).toHaveAttribute('data-problem', 'true');
    expect(nodeBox('formula-1')).not.toHaveAttribute('data-problem');
    fireEvent.click(within(problems).getByText('Bearing °F'));
    const panel = screen.getByRole('complementary', { name: 'Node panel' });
    expect(await within(panel).findByDisplayValue('Bearing °F')).toBeInTheDocument();
  });

  it('a node added from the palette is removed with Delete, and undo and redo replay both', async () => {
    await openEditor({});
    fireEvent.click(await screen.findByRole('button', { name: 'Add Switch' }));
    await vi.waitFor(() => expect(nodeBox('switch-1')).toBeTruthy());
    const editor = screen.getByTestId('chain-editor');
    fireEvent.keyDown(editor, { key: 'Delete' });
    await vi.waitFor(() => expect(nodeBox('switch-1')).toBeNull());
    fireEvent.keyDown(editor, { key: 'z', ctrlKey: true });
    await vi.waitFor(() => expect(nodeBox('switch-1')).toBeTruthy());
    fireEvent.keyDown(editor, { key: 'z', ctrlKey: true, shiftKey: true });
    await vi.waitFor(() => expect(nodeBox('switch-1')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await vi.waitFor(() => expect(nodeBox('switch-1')).toBeTruthy());
  });

  it('without a mouse: a selected node lists its connections, removes one and adds it back from the fitting sockets', async () => {
    const { calls } = await openEditor({
      [`PATCH /pipelines/${CHAIN_ID}`]: { status: 200, body: chainFixture({ revision: 4 }) },
    });
    const edges = () => document.querySelectorAll('.react-flow__edge').length;
    await vi.waitFor(() => expect(edges()).toBe(2));
    fireEvent.click(screen.getByText('To °F'));
    const block = await screen.findByTestId('node-connections');
    expect(within(block).getByText('Pump gateway (Out) → In')).toBeInTheDocument();
    fireEvent.click(within(block).getByRole('button', { name: 'Remove connection Out → Bearing °F (In)' }));
    await vi.waitFor(() => expect(edges()).toBe(1));
    // The picker offers only sockets that fit and are free: the removed connection, nothing twice.
    const picker = within(block).getByRole('combobox', { name: 'Add a connection' });
    expect(picker).toBeEnabled();
    fireEvent.click(picker);
    const listbox = await screen.findByRole('listbox', { name: 'Add a connection', hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Out → Bearing °F (In)']);
    fireEvent.click(options[0] as HTMLElement);
    await vi.waitFor(() => expect(edges()).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    await vi.waitFor(() => expect(screen.getByTestId('revision')).toHaveTextContent('r4'));
    const patch = calls.find((c) => c.method === 'PATCH')?.body as { connections: { target: string }[] };
    expect(patch.connections.map((c) => c.target).sort()).toEqual(['formula-1', 'vs-1']);
  });

  it('a live trace event counts messages on the edges and nodes it passed', async () => {
    await openEditor({});
    const socket = sockets.at(-1);
    if (!socket) throw new Error('the editor opened no socket');
    act(() => socket.open());
    await vi.waitFor(() =>
      expect(socket.emitted.filter((e) => e.event === 'subscribe').map((e) => e.args[0])).toContainEqual({
        kind: 'pipelineTrace',
        orgId: ORG_ID,
        pipelineId: CHAIN_ID,
      }),
    );
    const event: PipelineTraceEvent = {
      pipeline_id: CHAIN_ID,
      revision: 3,
      connections: { 'c-1': 12, 'c-2': 11 },
      nodes: { 'formula-1': { in: 12, out: 11, errors: 1 } },
      entries: [],
    };
    act(() => socket.fire('pipeline.trace', event));
    act(() => socket.fire('pipeline.trace', { ...event, connections: { 'c-1': 3 }, nodes: {} }));
    const edgeLabels = () =>
      [...document.querySelectorAll('.react-flow__edge-text')].map((t) => t.textContent);
    await vi.waitFor(() => expect(edgeLabels().sort()).toEqual(['11', '15']));
    const counts = screen.getByTestId('counts-formula-1');
    expect(counts).toHaveTextContent('in 12');
    expect(counts).toHaveTextContent('errors 1');
  });
});
