import { appPermissions, type UpdateSettingsBody } from '@ferrite/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { meWith, ORG_ID } from '../../../ui/testProfile';
import { DateFormatSetting } from '../../../workspace/DateFormatSetting';
import { applySettings, useGetMeQuery, useUpdateSettingsMutation } from '../../../workspace/profileApi';
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

/** The Settings' date format beside the list, saving as the Settings modal does. */
function ListWithSetting() {
  const me = useGetMeQuery().data;
  const [update] = useUpdateSettingsMutation();
  return (
    <>
      {me && (
        <DateFormatSetting
          data={me.user_credentials.user_setting.data_settings}
          save={(body) => void update(body)}
        />
      )}
      <ProjectList trail="sensorProjects" title="Sensors" description="Choose a project." onOpen={() => {}} />
    </>
  );
}

describe('dates in the list', { timeout: 20_000 }, () => {
  // A local moment, so the expected text holds in any time zone.
  const created = new Date(2026, 2, 7, 14, 5, 9).toISOString();

  it("follow the reader's date format, and change when the setting changes", async () => {
    let me = meWith(appPermissions('entityManager'));
    me = applySettings(me, { data_settings: { date_format: 'YYYY-MM-DD HH:mm' } });
    mockFetch((req) => {
      if (req.path === '/api/me') return { status: 200, body: me };
      if (req.path === '/api/me/settings') {
        me = applySettings(me, req.body as UpdateSettingsBody);
        return { status: 200, body: me };
      }
      if (req.path === `/api/entity_mgmt/orgs/${ORG_ID}/projects`) {
        const line = { ...project('5c6f4f3e-7d8a-4b9c-8e1f-2a3b4c5d6e71', 'Line 1'), created_at: created };
        return {
          status: 200,
          body: { projects: [line], total_entries: 1, counts: { active: 1, archived: 0 } },
        };
      }
      return { status: 404, body: { title: 'Not found', status: 404 } };
    });
    renderWithProviders(<ListWithSetting />);
    const row = await screen.findByRole('row', { name: /Line 1/ });
    expect(within(row).getByText('2026-03-07')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('combobox', { name: 'Date format' }));
    // jsdom lays nothing out, so the dropdown believes its field is off screen and stays display:none.
    const option = await screen.findByRole('option', { name: /\(DD\.MM\.YYYY HH:mm\)/, hidden: true });
    await userEvent.click(option);
    expect(await within(row).findByText('07.03.2026')).toBeInTheDocument();
    expect(within(row).queryByText('2026-03-07')).toBeNull();
  });
});
