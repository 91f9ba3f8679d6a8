import type { PipelineListResponse, PipelineSummary } from '@ferrite/contracts';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { chainFixture, fakeStreamServer } from '../testing';
import { ChainList } from './ChainList';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 8_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function summary(over: Partial<PipelineSummary>): PipelineSummary {
  const {
    actions: _a,
    connections: _c,
    created_at: _d,
    debug_all: _e,
    debug_nodes: _f,
    ...rest
  } = chainFixture();
  return { ...rest, ...over };
}
const RUNNING = summary({ id: 'a0000000-0000-4000-8000-000000000001', name: '°C to °F' });
const FAILING = summary({
  id: 'a0000000-0000-4000-8000-000000000002',
  name: 'Vibration watch',
  status: 'failing',
  revision: 7,
});
const DISABLED = summary({
  id: 'a0000000-0000-4000-8000-000000000003',
  name: 'Old draft',
  status: 'disabled',
  enabled: false,
  revision: 1,
});

function list(pipelines: PipelineSummary[]): PipelineListResponse {
  return { pipelines, total_entries: pipelines.length, counts: { all: 3, enabled: 2, disabled: 1 } };
}

describe('a project’s chain list', () => {
  it('shows each chain with its status and the tab counts, and the Disabled tab asks for disabled chains', async () => {
    const { calls } = fakeStreamServer({
      'GET /pipelines': (req) => ({
        status: 200,
        body: list(req.url.includes('status=disabled') ? [DISABLED] : [RUNNING, FAILING, DISABLED]),
      }),
    });
    renderWithProviders(<ChainList projectId={RUNNING.project_id} breadcrumbs="Chains" onOpen={vi.fn()} />);
    const row = (await screen.findByText('Vibration watch')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Failing')).toBeInTheDocument();
    expect(screen.getByTestId('tab-count-all')).toHaveTextContent('3');
    expect(screen.getByTestId('tab-count-enabled')).toHaveTextContent('2');
    expect(screen.getByTestId('tab-count-disabled')).toHaveTextContent('1');
    fireEvent.click(screen.getByRole('tab', { name: /Disabled/ }));
    await vi.waitFor(() => expect(screen.queryByText('Vibration watch')).not.toBeInTheDocument());
    expect(await screen.findByText('Old draft')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('status=disabled'))).toBe(true);
  });

  it('the Enabled switch sends the chain’s revision with the new state', async () => {
    const { calls } = fakeStreamServer({
      'GET /pipelines': { status: 200, body: list([RUNNING, FAILING, DISABLED]) },
      [`PATCH /pipelines/${DISABLED.id}`]: {
        status: 200,
        body: chainFixture({ ...DISABLED, enabled: true, revision: 2 }),
      },
    });
    renderWithProviders(<ChainList projectId={RUNNING.project_id} breadcrumbs="Chains" onOpen={vi.fn()} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable Old draft' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ revision: 1, enabled: true }),
    );
  });

  it('a click on a row opens the chain; delete asks first', async () => {
    const { calls } = fakeStreamServer({
      'GET /pipelines': { status: 200, body: list([RUNNING, FAILING, DISABLED]) },
      [`DELETE /pipelines/${FAILING.id}`]: { status: 204 },
    });
    const onOpen = vi.fn();
    renderWithProviders(<ChainList projectId={RUNNING.project_id} breadcrumbs="Chains" onOpen={onOpen} />);
    fireEvent.click(await screen.findByText('°C to °F'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: RUNNING.id }));
    const row = screen.getByText('Vibration watch').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /actions/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(FAILING.id))).toBe(true),
    );
  });
});
