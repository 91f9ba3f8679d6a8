import { appPermissions, type ListProjectsResponse } from '@ferrite/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { project } from '../state/fixtures';
import { meWith, ORG_ID } from '../testing';
import { ProjectsSection } from './ProjectsSection';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PER_TAB = 30;
/** A loaded machine can take seconds per answer and render. */
const step = { timeout: 5_000 };

/** Serves GET /me and 30 projects per tab, paged as asked ("Archived project 13" is on page 2). */
function projectsServer() {
  return mockFetch((req) => {
    const url = new URL(req.url);
    if (req.path === '/api/me') return { status: 200, body: meWith(appPermissions('roleManager')) };
    if (req.path !== `/api/role_mgmt/orgs/${ORG_ID}/projects`) return { status: 404, body: { title: 'No' } };
    const archived = url.searchParams.get('is_archived') === 'true';
    const page = Number(url.searchParams.get('page_number'));
    const size = Number(url.searchParams.get('page_size'));
    const first = (page - 1) * size + 1;
    const numbers = Array.from({ length: Math.min(size, PER_TAB - first + 1) }, (_, i) => first + i);
    const body: ListProjectsResponse = {
      projects: numbers.map((n) =>
        project(archived ? 100 + n : n, {
          name: `${archived ? 'Archived' : 'Active'} project ${n}`,
          archived_at: archived ? '2026-02-01T00:00:00.000Z' : null,
        }),
      ),
      total_entries: PER_TAB,
      counts: { active: PER_TAB, archived: PER_TAB },
      abilities: appPermissions('roleManager'),
    };
    return { status: 200, body };
  });
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name: new RegExp(name) }));
const page = (n: number) => fireEvent.click(screen.getByRole('button', { name: `Page ${n}` }));

describe('My Projects tabs and pages', () => {
  it('keeps each tab on its own page, and the tab when the section opens again', async () => {
    projectsServer();
    const { store, unmount } = renderWithProviders(<ProjectsSection />);
    await screen.findByText('Active project 1', {}, step);
    page(2);
    await screen.findByText('Active project 13', {}, step);
    tab('Archived');
    await screen.findByText('Archived project 1', {}, step);
    tab('Active');
    expect(await screen.findByText('Active project 13', {}, step)).toBeInTheDocument();

    tab('Archived');
    await screen.findByText('Archived project 1', {}, step);
    unmount();
    renderWithProviders(<ProjectsSection />, { store });
    expect(await screen.findByText('Archived project 1', {}, step)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Archived/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('starts both tabs again from their first page on a new search', async () => {
    const { calls } = projectsServer();
    renderWithProviders(<ProjectsSection />);
    await screen.findByText('Active project 1', {}, step);
    page(3);
    await screen.findByText('Active project 25', {}, step);
    tab('Archived');
    await screen.findByText('Archived project 1', {}, step);
    page(2);
    await screen.findByText('Archived project 13', {}, step);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search projects' }), {
      target: { value: 'pump' },
    });
    expect(await screen.findByText('Archived project 1', {}, step)).toBeInTheDocument();
    tab('Active');
    expect(await screen.findByText('Active project 1', {}, step)).toBeInTheDocument();
    const searched = calls.map((call) => new URL(call.url).searchParams).filter((q) => q.get('search'));
    expect(searched.map((q) => [q.get('is_archived'), q.get('page_number'), q.get('search')])).toEqual([
      ['true', '1', 'pump'],
      ['false', '1', 'pump'],
    ]);
  });
});
