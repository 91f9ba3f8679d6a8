import type { DashboardListResponse } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { DASH_ALL, DASHBOARD_ID, dashboardFixture, fakeDashServer, meWith } from '../testing';
import { DashboardList } from './DashboardList';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function page(archived: boolean, abilities = DASH_ALL): DashboardListResponse {
  const dashboards = [
    dashboardFixture({ is_archived: archived, name: archived ? 'Old line' : 'Line 1 overview' }),
  ];
  return { dashboards, total_entries: 1, counts: { active: 1, archived: 1 }, abilities };
}

function serve(abilities = DASH_ALL) {
  const puts: unknown[] = [];
  const server = fakeDashServer(
    {
      'GET /dashboards': (req) => {
        const archived = new URL(req.url).searchParams.get('is_archived') === 'true';
        return { status: 200, body: page(archived, abilities) };
      },
      [`PUT /dashboards/${DASHBOARD_ID}`]: (req) => {
        puts.push(req.body);
        return {
          status: 200,
          body: { ...dashboardFixture({ is_archived: true }), panels: [], exports: [], shared_with: 0 },
        };
      },
    },
    meWith(abilities),
  );
  return { ...server, puts };
}

const renderList = (onOpen = vi.fn()) =>
  renderWithProviders(
    <DashboardList
      title="Dashboards"
      description="All of them"
      breadcrumbs={null}
      onOpen={onOpen}
      onNew={() => {}}
    />,
  );

describe('the dashboard list', () => {
  it('lists the Active tab with both counts, and Archived with is_archived=true', async () => {
    const { calls } = serve();
    renderList();
    expect(await screen.findByText('Line 1 overview')).toBeInTheDocument();
    expect(screen.getByTestId('list-count')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('tab', { name: /Archived/ }));
    expect(await screen.findByText('Old line')).toBeInTheDocument();
    const archived = calls.filter((c) => c.path.endsWith('/dashboards')).at(-1);
    expect(new URL(archived?.url ?? 'http://x').searchParams.get('is_archived')).toBe('true');
  });

  it('archives after the spec’s confirmation', async () => {
    const { puts } = serve();
    renderList();
    await screen.findByText('Line 1 overview');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Line 1 overview' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent(
      'Are you sure you want to Archive?',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ name: 'Line 1 overview', is_archived: true });
  });

  it('opens a dashboard on a row click', async () => {
    serve();
    const onOpen = vi.fn();
    renderList(onOpen);
    fireEvent.click(await screen.findByText('Line 1 overview'));
    expect(onOpen).toHaveBeenCalledWith({ id: DASHBOARD_ID, name: 'Line 1 overview', share: undefined });
  });

  it('hides what a viewer may not do', async () => {
    serve(['dashboards.view']);
    renderList();
    await screen.findByText('Line 1 overview');
    expect(screen.queryByRole('button', { name: 'New dashboard' })).toBeNull();
  });
});
