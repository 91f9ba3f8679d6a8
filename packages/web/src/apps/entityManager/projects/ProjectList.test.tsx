import { appPermissions } from '@ferrite/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { meWith, ORG_ID } from '../../../ui/testProfile';
import { ProjectList } from './ProjectList';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const project = (id: string, name: string) => ({
  id,
  name,
  description: '',
  created_at: '2026-03-12T14:05:09.000Z',
  archived_at: null,
  location: { address: '', latitude: null, longitude: null },
  metadata: {},
  manager: null,
  members: [],
});

describe('the project step of the Sensors section', { timeout: 20_000 }, () => {
  it('does not put the number of projects beside the heading "Sensors"', async () => {
    mockFetch((req) => {
      if (req.path === '/api/me') return { status: 200, body: meWith(appPermissions('entityManager')) };
      if (req.path === `/api/entity_mgmt/orgs/${ORG_ID}/projects`) {
        return {
          status: 200,
          body: {
            projects: [
              project('5c6f4f3e-7d8a-4b9c-8e1f-2a3b4c5d6e71', 'Line 1'),
              project('5c6f4f3e-7d8a-4b9c-8e1f-2a3b4c5d6e72', 'Line 2'),
              project('5c6f4f3e-7d8a-4b9c-8e1f-2a3b4c5d6e73', 'Line 3'),
            ],
            total_entries: 3,
            counts: { active: 3, archived: 0 },
          },
        };
      }
      return { status: 404, body: { title: 'Not found', status: 404 } };
    });
    renderWithProviders(
      <ProjectList
        trail="sensorProjects"
        title="Sensors"
        description="Choose a project."
        onOpen={() => {}}
      />,
    );
    expect(await screen.findByText('Line 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sensors' })).toBeInTheDocument();
    expect(screen.queryByTestId('list-count')).toBeNull();
  });
});
