import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from '../app/store';
import { extendTrail } from '../workspace/breadcrumbsSlice';
import { Breadcrumbs, type TrailControls, useTrail } from './Breadcrumbs';
import { installDomShims, renderWithProviders } from './test-utils';

beforeAll(installDomShims);
afterEach(cleanup);

let controls: TrailControls;
function Section({ onNavigate }: { onNavigate?: () => void }) {
  controls = useTrail('myOrganizations');
  return <Breadcrumbs trail="myOrganizations" onNavigate={onNavigate} />;
}

const labels = () => controls.crumbs.map((crumb) => crumb.label);

describe('Breadcrumbs and useTrail', () => {
  it('resets the trail to its root on mount', () => {
    const store = createStore();
    store.dispatch(extendTrail({ trail: 'myOrganizations', crumb: { label: 'Left over' } }));
    renderWithProviders(<Section />, { store });
    expect(labels()).toEqual(['My Organizations']);
    expect(screen.getByText('My Organizations')).toHaveAttribute('aria-current', 'page');
  });

  it('cuts the trail back to a clicked crumb', () => {
    const onNavigate = vi.fn();
    renderWithProviders(<Section onNavigate={onNavigate} />);
    act(() => {
      controls.extend({ label: 'Acme', id: 'a' });
      controls.extend({ label: 'Settings' });
    });
    expect(screen.getByText('Settings')).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Acme' }));
    expect(labels()).toEqual(['My Organizations', 'Acme']);
    expect(onNavigate).toHaveBeenCalledWith({ label: 'Acme', id: 'a' }, 1);
    fireEvent.click(screen.getByRole('button', { name: 'My Organizations' }));
    expect(labels()).toEqual(['My Organizations']);
  });

  it('pops one step and keeps the root', () => {
    renderWithProviders(<Section />);
    act(() => controls.extend({ label: 'Acme' }));
    act(() => controls.pop());
    expect(labels()).toEqual(['My Organizations']);
    act(() => controls.pop());
    expect(labels()).toEqual(['My Organizations']);
  });
});
