import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ArchiveTab, archiveTabs } from './archiveTabs';
import { ListPage } from './ListPage';
import { installDomShims, renderWithProviders } from './test-utils';
import { type ListPageStateOptions, type StoredTabAndPage, useListPageState } from './useListPageState';

beforeAll(installDomShims);
afterEach(cleanup);

/** A list page whose one row says what the page state is. */
function Gateways({ options }: { options: ListPageStateOptions<ArchiveTab> }) {
  const view = useListPageState(options);
  const shown = `${view.tab} page ${view.page}${view.search ? ` matching ${view.search}` : ''}`;
  return (
    <ListPage
      title="Gateways"
      tabs={archiveTabs({ active: 40, archived: 40 })}
      activeTab={view.tab}
      onTabChange={view.onTabChange}
      onSearch={view.onSearch}
      searchDelay={0}
      items={[{ id: 1, shown }]}
      getKey={(row) => row.id}
      columns={[{ key: 'shown', header: 'State', render: (row) => row.shown }]}
      paging={{ page: view.page, pageSize: 10, total: 40, onPageChange: view.setPage }}
    />
  );
}

/** Tab and pages held outside the page, each tab on its own page (as the Role Manager's store does). */
function useHeldTabAndPage(): StoredTabAndPage<ArchiveTab> {
  const [tab, setTab] = useState<ArchiveTab>('active');
  const [pages, setPages] = useState({ active: 1, archived: 1 });
  return {
    tab,
    page: pages[tab],
    showTab: setTab,
    setPage: (page) => setPages((held) => ({ ...held, [tab]: page })),
    resetPages: () => setPages({ active: 1, archived: 1 }),
  };
}

function HeldGateways() {
  return <Gateways options={{ stored: useHeldTabAndPage() }} />;
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name: new RegExp(name) }));
const page = (n: number) => fireEvent.click(screen.getByRole('button', { name: `Page ${n}` }));
const search = (text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: text } });

describe('useListPageState', () => {
  it('opens on the given tab and first page, with no search', () => {
    renderWithProviders(<Gateways options={{ initialTab: 'archived' }} />);
    expect(screen.getByRole('tab', { name: /Archived/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('archived page 1')).toBeInTheDocument();
  });

  it('goes back to the first page when another tab is shown', () => {
    renderWithProviders(<Gateways options={{ initialTab: 'active' }} />);
    page(3);
    expect(screen.getByText('active page 3')).toBeInTheDocument();
    tab('Archived');
    expect(screen.getByText('archived page 1')).toBeInTheDocument();
  });

  it('goes back to the first page on a new search, keeping the tab', async () => {
    renderWithProviders(<Gateways options={{ initialTab: 'active' }} />);
    tab('Archived');
    page(2);
    search('  pump ');
    expect(await screen.findByText('archived page 1 matching pump')).toBeInTheDocument();
    page(4);
    tab('Active');
    expect(screen.getByText('active page 1 matching pump')).toBeInTheDocument();
  });

  it('starts from the list’s own first page number', () => {
    renderWithProviders(<Gateways options={{ initialTab: 'active', firstPage: 2 }} />);
    expect(screen.getByText('active page 2')).toBeInTheDocument();
    page(4);
    tab('Archived');
    expect(screen.getByText('archived page 2')).toBeInTheDocument();
  });

  it('with a store, each tab keeps its page and a new search sends every tab to its first page', async () => {
    renderWithProviders(<HeldGateways />);
    page(3);
    tab('Archived');
    expect(screen.getByText('archived page 1')).toBeInTheDocument();
    page(2);
    tab('Active');
    expect(screen.getByText('active page 3')).toBeInTheDocument();

    search('pump');
    expect(await screen.findByText('active page 1 matching pump')).toBeInTheDocument();
    tab('Archived');
    expect(screen.getByText('archived page 1 matching pump')).toBeInTheDocument();
  });
});
