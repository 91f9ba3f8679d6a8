import { appPermissions, type StreamProject, type StreamProjectsResponse } from '@ferrite/contracts';
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { fakeStreamServer } from '../testing';
import { ProjectList } from './ProjectList';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 8_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINE: StreamProject = {
  id: 'b0000000-0000-4000-8000-000000000001',
  name: 'Line 1',
  description: 'Bearing temperatures',
  chain_count: 3,
  running_count: 2,
  updated_at: '2026-11-28T10:00:00.000Z',
};
const YARD: StreamProject = {
  id: 'b0000000-0000-4000-8000-000000000002',
  name: 'Yard',
  description: '',
  chain_count: 1,
  running_count: 0,
  updated_at: '2026-11-27T10:00:00.000Z',
};
const body = (projects: StreamProject[]): StreamProjectsResponse => ({
  projects,
  total_entries: projects.length,
});

describe('My Projects', () => {
  it('lists Stream Logic’s own projects with chain and running counts, for a member without the Entity Manager', async () => {
    const onOpen = vi.fn();
    const { calls } = fakeStreamServer(
      { 'GET /api/stream_process/projects': { status: 200, body: body([LINE, YARD]) } },
      appPermissions('streamLogic'),
    );
    renderWithProviders(<ProjectList breadcrumbs="Projects" onOpen={onOpen} />);
    expect(await screen.findByText('3 chains · 2 running')).toBeInTheDocument();
    expect(screen.getByText('1 chain · 0 running')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/entity_mgmt'))).toBe(false);
    fireEvent.click(screen.getByText('Line 1'));
    expect(onOpen).toHaveBeenCalledWith(LINE);
  });

  it('sends the search to the server', async () => {
    const { calls } = fakeStreamServer({
      'GET /api/stream_process/projects': (req) => ({
        status: 200,
        body: body(new URL(req.url).searchParams.get('search') === 'yard' ? [YARD] : [LINE, YARD]),
      }),
    });
    renderWithProviders(<ProjectList breadcrumbs="Projects" onOpen={vi.fn()} />);
    await screen.findByText('Line 1');
    fireEvent.change(screen.getByPlaceholderText('Search projects'), { target: { value: 'yard' } });
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('search=yard'))).toBe(true), {
      timeout: 5_000,
    });
    expect(await screen.findByText('Yard')).toBeInTheDocument();
    expect(screen.queryByText('Line 1')).not.toBeInTheDocument();
  });
});
