import { Button } from '@mantine/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from '../app/store';
import { extendTrail } from '../workspace/breadcrumbsSlice';
import { Breadcrumbs } from './Breadcrumbs';
import { ListPage, type ListPageProps } from './ListPage';
import { installDomShims, renderWithProviders } from './test-utils';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Globex' },
];

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderList(overrides: Partial<ListPageProps<Row>> = {}) {
  const props: ListPageProps<Row> = {
    title: 'Organizations',
    count: 14,
    items: rows,
    getKey: (row) => row.id,
    itemLabel: (row) => row.name,
    columns: [{ key: 'name', header: 'Name', render: (row) => row.name }],
    ...overrides,
  };
  return renderWithProviders(<ListPage {...props} />);
}

describe('ListPage', () => {
  it('shows the title, count, columns and rows', () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Organizations' })).toBeInTheDocument();
    expect(screen.getByTestId('list-count')).toHaveTextContent('14');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByText('Globex')).toBeInTheDocument();
  });

  it('shows tabs with their counts and reports a tab change', () => {
    const onTabChange = vi.fn();
    renderList({
      tabs: [
        { value: 'active', label: 'Active', count: 12 },
        { value: 'archived', label: 'Archived', count: 2 },
      ],
      activeTab: 'active',
      onTabChange,
    });
    expect(screen.getByRole('tab', { name: /Active/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('tab-count-active')).toHaveTextContent('12');
    expect(screen.getByTestId('tab-count-archived')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('tab', { name: /Archived/ }));
    expect(onTabChange).toHaveBeenCalledWith('archived');
  });

  it('pages: shows the range and moves to another page', () => {
    const onPageChange = vi.fn();
    renderList({ paging: { page: 2, pageSize: 2, total: 5, onPageChange } });
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 3–4 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('hides the pager buttons when everything fits on one page', () => {
    renderList({ paging: { page: 1, pageSize: 10, total: 2, onPageChange: vi.fn() } });
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 1–2 of 2');
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
  });

  it('shows the empty state with its message and action', () => {
    renderList({
      items: [],
      empty: { message: 'No organizations yet', action: <Button>Create one</Button> },
    });
    const empty = document.querySelector('[data-list-state="empty"]') as HTMLElement;
    expect(within(empty).getByText('No organizations yet')).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Create one' })).toBeInTheDocument();
    expect(empty.querySelector('img')).toHaveAttribute('src', '/illustrations/empty.svg');
  });

  it('shows skeleton rows while loading, and the error state with a retry', () => {
    const { rerender } = renderList({ loading: true });
    expect(document.querySelectorAll('[data-skeleton-row]').length).toBeGreaterThan(0);
    expect(screen.queryByText('Acme')).toBeNull();
    const onRetry = vi.fn();
    rerender(
      <ListPage
        title="Organizations"
        items={rows}
        getKey={(row) => row.id}
        error={{ title: 'Not allowed', detail: 'Platform admins only', onRetry }}
      />,
    );
    expect(screen.getByText('Not allowed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('opens a row by click and by keyboard, and row actions do not open it', async () => {
    const onOpen = vi.fn();
    const archive = vi.fn();
    renderList({ onOpen, rowActions: () => [{ label: 'Archive', onClick: archive }] });
    const row = screen.getByRole('row', { name: 'Open Acme' });
    fireEvent.click(row);
    expect(onOpen).toHaveBeenLastCalledWith(rows[0]);
    fireEvent.keyDown(screen.getByRole('row', { name: 'Open Globex' }), { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(rows[1]);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Acme' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(archive).toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('renders cards when renderCard is given', () => {
    renderList({ renderCard: (row) => <strong>{row.name} card</strong> });
    expect(screen.getByText('Acme card')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('debounces the search and reports the trimmed text once', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderList({ onSearch, searchPlaceholder: 'Search organizations' });
    const box = screen.getByRole('searchbox', { name: 'Search organizations' });
    fireEvent.change(box, { target: { value: 'ac' } });
    fireEvent.change(box, { target: { value: 'acme ' } });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(400));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme');
    fireEvent.keyDown(box, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(400));
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('says what the count counts when the title names something else', () => {
    renderList({ title: 'Line 1 Assembly', count: 1, countNoun: ['gateway', 'gateways'] });
    expect(screen.getByTestId('list-count')).toHaveTextContent('1 gateway');
    cleanup();
    renderList({ title: 'Line 1 Assembly', count: 5, countNoun: ['gateway', 'gateways'] });
    expect(screen.getByTestId('list-count')).toHaveTextContent('5 gateways');
  });
});

describe('ListPage under a trail', () => {
  const trailPage = (store = createStore(), title = 'Organizations') =>
    renderWithProviders(
      <ListPage<Row>
        title={title}
        breadcrumbs={<Breadcrumbs trail="myOrganizations" />}
        items={rows}
        getKey={(row) => row.id}
        columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
      />,
      { store },
    );

  it("at the trail's root shows the heading once, inside the named trail", () => {
    trailPage();
    const trail = screen.getByRole('navigation', { name: 'My Organizations breadcrumb' });
    const heading = within(trail).getByRole('heading', { level: 2, name: 'Organizations' });
    expect(heading).toHaveAttribute('aria-current', 'page');
    // Neither the root's own label nor a second copy of the title repeats it.
    expect(screen.queryByText('My Organizations')).toBeNull();
    expect(screen.getAllByText('Organizations')).toHaveLength(1);
    expect(within(trail).queryAllByRole('button')).toHaveLength(0);
  });

  it('deeper, leads up to the heading with the earlier steps as links, on one line', () => {
    const store = createStore();
    store.dispatch(extendTrail({ trail: 'myOrganizations', crumb: { label: 'Initech', id: 'a' } }));
    trailPage(store, 'Initech');
    const trail = screen.getByRole('navigation', { name: 'My Organizations breadcrumb' });
    expect(within(trail).getByRole('heading', { level: 2, name: 'Initech' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByText('Initech')).toHaveLength(1);
    fireEvent.click(within(trail).getByRole('button', { name: 'My Organizations' }));
    expect(store.getState().breadcrumbs.myOrganizations).toEqual([{ label: 'My Organizations' }]);
  });
});
