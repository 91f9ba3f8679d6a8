import { type AppKey, appPermissions } from '@ferrite/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import type { Grants } from './grants';
import { PermissionsMatrix } from './PermissionsMatrix';

beforeAll(installDomShims);
afterEach(cleanup);

const apps: AppKey[] = ['dashboards', 'alerts'];
let latest: Grants = { apps: [], permissions: [] };

function Harness() {
  const [value, setValue] = useState<Grants>({ apps: [], permissions: [] });
  latest = value;
  return <PermissionsMatrix value={value} onChange={setValue} apps={apps} />;
}

describe('PermissionsMatrix', () => {
  it('select-all overall ticks every action of every app, and clears them again', () => {
    renderWithProviders(<Harness />);
    const all = screen.getByRole('checkbox', { name: 'Select all apps and actions' });
    fireEvent.click(all);
    expect(latest.apps).toEqual(apps);
    expect(latest.permissions).toEqual([...appPermissions('dashboards'), ...appPermissions('alerts')]);
    expect(screen.getByRole('switch', { name: 'Allow Dashboards' })).toBeChecked();
    fireEvent.click(all);
    expect(latest).toEqual({ apps: [], permissions: [] });
  });

  it('select-all of one app ticks only that app, and the overall box turns indeterminate', () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all Alerts actions' }));
    expect(latest).toEqual({ apps: ['alerts'], permissions: appPermissions('alerts') });
    expect(screen.getByRole('checkbox', { name: 'Select all apps and actions' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
  });

  it('the app switch allows the app with its view action', () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('switch', { name: 'Allow Dashboards' }));
    expect(latest).toEqual({ apps: ['dashboards'], permissions: ['dashboards.view'] });
    expect(screen.getByText('1 of 6 actions')).toBeInTheDocument();
  });
});
