import { appPermissions } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { meWith, ORG_ID } from '../../../ui/testProfile';
import { EntityFormDrawer } from './EntityFormDrawer';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The organization's place search, whatever its id. */
const PLACE_SEARCH = /^\/api\/entity_mgmt\/orgs\/[^/]+\/geocode$/;
const PROJECT = '5c6f4f3e-7d8a-4b9c-8e1f-2a3b4c5d6e7f';

function serve() {
  return mockFetch((req) => {
    if (req.path === '/api/me') return { status: 200, body: meWith(appPermissions('entityManager')) };
    if (PLACE_SEARCH.test(req.path)) {
      const q = new URL(req.url).searchParams.get('q');
      return {
        status: 200,
        body: {
          places: q?.startsWith('harb')
            ? [
                { name: 'Harbour Plant', latitude: 53.54, longitude: 9.98, source: 'site' },
                {
                  name: 'Hamburg Harbour, Germany',
                  latitude: 53.5413,
                  longitude: 9.9666,
                  source: 'geocoder',
                },
              ]
            : [],
          geocoder_reached: true,
        },
      };
    }
    if (req.path.startsWith(`/api/entity_mgmt/orgs/${ORG_ID}`)) {
      return { status: 200, body: { types: [], users: [], total_entries: 0, abilities: [] } };
    }
    return { status: 404, body: { title: 'Not found', status: 404 } };
  });
}

describe('entity form location', { timeout: 20_000 }, () => {
  it('finds a place by name through the server and fills latitude and longitude', async () => {
    const { calls } = serve();
    renderWithProviders(
      <EntityFormDrawer
        opened
        onClose={() => {}}
        kind="asset"
        projectId={PROJECT}
        entity={null}
        parentId={null}
        assets={[]}
        onSaved={() => {}}
      />,
    );
    const search = await screen.findByLabelText('Find a place', { selector: 'input' }, { timeout: 4000 });
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'harbour' } });
    const name = await screen.findByText('Hamburg Harbour, Germany', {}, { timeout: 4000 });
    const option = name.closest('[role="option"]') as HTMLElement;
    expect(option).toHaveAttribute('data-combobox-option');
    fireEvent.click(option);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('53.5413'));
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('9.9666');
    // One question per pause in typing, to this server only.
    const asked = calls.filter((c) => PLACE_SEARCH.test(c.path));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]?.url ?? '').searchParams.get('q')).toBe('harbour');
  });
});
