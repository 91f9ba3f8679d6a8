import { appPermissions, type HierarchyNode } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { orgUser } from '../state/fixtures';
import { meWith, ORG_ID } from '../testing';
import { UserDrawer } from './UserDrawer';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROJECT = '5c6f4f3e-7d8a-4b9c-8e1f-2a3b4c5d6e7f';
const node = (
  id: string,
  name: string,
  depth: number,
  extra: Partial<HierarchyNode> = {},
): HierarchyNode => ({
  id,
  kind: 'asset',
  name,
  parent_id: null,
  type_name: 'Line',
  depth,
  child_count: 0,
  latitude: null,
  longitude: null,
  ...extra,
});
const PLANT = 'a0000000-0000-4000-8000-000000000001';
const PRESS = 'a0000000-0000-4000-8000-000000000002';
const SENSOR = 'a0000000-0000-4000-8000-000000000003';
const nodes = [
  node(PLANT, 'North Plant', 0, { type_name: 'Plant', child_count: 1 }),
  node(PRESS, 'Press 4', 1, { parent_id: PLANT, child_count: 1 }),
  node(SENSOR, 'Oil temperature', 2, { kind: 'sensor', parent_id: PRESS, type_name: 'Thermometer' }),
];

function serve(hierarchyStatus = 200) {
  const user = orgUser(1, { name: 'Grace Hopper' });
  return mockFetch((req) => {
    if (req.path === '/api/me') return { status: 200, body: meWith(appPermissions('roleManager')) };
    if (req.path === `/api/role_mgmt/orgs/${ORG_ID}/projects`) {
      const project = { id: PROJECT, name: 'Rolling Mill' };
      return {
        status: 200,
        body: { projects: [project], total_entries: 1, counts: { active: 1, archived: 0 } },
      };
    }
    if (req.path === `/api/entity_mgmt/orgs/${ORG_ID}/projects/${PROJECT}/hierarchy`) {
      if (hierarchyStatus !== 200)
        return { status: hierarchyStatus, body: { title: 'Forbidden', status: 403 } };
      return {
        status: 200,
        body: { project: { id: PROJECT, name: 'Rolling Mill' }, nodes, total_entries: 3 },
      };
    }
    if (req.method === 'PUT') return { status: 200, body: { ...user, ...(req.body as object) } };
    return { status: 404, body: { title: 'Not found', status: 404 } };
  });
}

// The drawer loads five reads before the tree shows; a busy machine needs more than the default 5 s.
describe('user form assets', { timeout: 20_000 }, () => {
  it('picks assets in the project hierarchy (sensors are not offered) and saves their ids', async () => {
    const { calls } = serve();
    renderWithProviders(<UserDrawer opened user={orgUser(1, { name: 'Grace Hopper' })} onClose={() => {}} />);
    // The first project opens at once, its top level expanded.
    const tree = await screen.findByRole('list', { name: 'Assets' }, { timeout: 4000 });
    expect(within(tree).getByRole('button', { name: 'Collapse North Plant' })).toBeInTheDocument();
    expect(within(tree).queryByText('Oil temperature')).not.toBeInTheDocument();
    fireEvent.click(within(tree).getByRole('checkbox', { name: /Press 4/ }));
    expect(within(screen.getByTestId('chosen-assets')).getByText('Press 4')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as { body: { assets: string[] } };
    expect(put.body.assets).toEqual([PRESS]);
    expect(screen.queryByRole('textbox', { name: 'Assets' })).not.toBeInTheDocument();
  });

  it('says what is missing when the caller cannot read the hierarchy', async () => {
    serve(403);
    renderWithProviders(<UserDrawer opened user={orgUser(1)} onClose={() => {}} />);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'needs the Entity Manager',
    );
  });
});
