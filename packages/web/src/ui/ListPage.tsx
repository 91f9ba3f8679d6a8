/**
 * Usage — every "list with counts and Active/Archived tabs" page of the product (spec §2):
 *
 *   <ListPage title="Organizations" count={counts.active + counts.archived} breadcrumbs={<Breadcrumbs trail="myOrganizations" />}
 *     tabs={[{ value: 'active', label: 'Active', count: 12 }, { value: 'archived', label: 'Archived', count: 3 }]}
 *     activeTab={tab} onTabChange={setTab} onSearch={setSearch} primaryAction={<Button>New</Button>}
 *     items={rows} getKey={(o) => o.id} itemLabel={(o) => o.name} onOpen={(o) => open(o)}
 *     columns={[{ key: 'name', header: 'Name', render: (o) => o.name, width: '40%' }]}  // or renderCard={(o) => <Card/>}
 *     rowActions={(o) => [{ label: 'Archive', icon: <IconArchive size={16} />, color: 'red', onClick: () => archive(o) }]}
 *     paging={{ page, pageSize, total, onPageChange: setPage }} loading={isFetching && !data}
 *     error={problem && { title: problem.title, detail: problem.detail, onRetry: refetch }}
 *     empty={{ message: 'No organizations yet', action: <Button>Create one</Button> }} />
 *
 * The header, tabs and pager stay put while the rows scroll; search is debounced (300 ms by default).
 */
import { Badge, Group, type MantineColor, Pagination, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TrailHeading } from './Breadcrumbs';
import classes from './ListPage.module.css';
import { ListBody } from './ListPageBody';
import { ListSearch } from './ListSearch';
import { plural } from './plural';

/** One column of the table view. */
export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  render: (item: T) => ReactNode;
  /** CSS width of the column, e.g. 220 or '30%'. */
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * The column takes the width the others leave, and its long text is cut with an ellipsis instead of
   * widening the table past its window (a long description pushed the last columns out of sight).
   */
  fill?: true;
}

/** One tab above the list (Active, Archived, Invites...), with its count badge. */
export interface ListTab {
  value: string;
  label: string;
  count?: number;
  icon?: ReactNode;
}

/** One entry of a row's actions menu. */
export interface RowAction {
  label: string;
  icon?: ReactNode;
  color?: MantineColor;
  onClick: () => void;
  disabled?: boolean;
}

export interface ListPaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Items across all pages of the current tab and search. */
  total: number;
  onPageChange: (page: number) => void;
}

export interface ListEmpty {
  title?: string;
  message: ReactNode;
  action?: ReactNode;
}

export interface ListError {
  title: string;
  detail?: string;
  onRetry?: () => void;
}

export interface ListPageProps<T> {
  title: ReactNode;
  /**
   * Shown as a badge beside the title: how many of what the title names (every organization across
   * tabs under "Organizations"). A list under a title that names something else (a project's gateways,
   * the projects a "Gateways" section starts on) either says what it counts with `countNoun` or shows none.
   */
  count?: number;
  /** What the count counts when the title does not name it: [one, many], e.g. ['gateway', 'gateways']. */
  countNoun?: readonly [string, string];
  description?: ReactNode;
  /**
   * The page's trail, usually <Breadcrumbs trail=... />: it then carries the title as its last step
   * (at the root the title alone), so the name is not shown twice.
   */
  breadcrumbs?: ReactNode;
  tabs?: ListTab[];
  activeTab?: string;
  onTabChange?: (value: string) => void;
  /** Turns the search box on; called with the trimmed text once typing pauses. */
  onSearch?: (text: string) => void;
  searchPlaceholder?: string;
  searchDelay?: number;
  /** A slot at the right of the title row, usually the primary button. */
  primaryAction?: ReactNode;
  items: T[];
  getKey: (item: T) => string | number;
  /** Names an item for screen readers (row action menus, open buttons). */
  itemLabel?: (item: T) => string;
  /** Table columns; ignored when renderCard is given. */
  columns?: ListColumn<T>[];
  /** Shows a card grid instead of a table. */
  renderCard?: (item: T) => ReactNode;
  rowActions?: (item: T) => RowAction[];
  /** Opens an item: row click, or Enter/Space on a focused row. */
  onOpen?: (item: T) => void;
  /** Highlights the item with this key (e.g. the one shown in a drawer). */
  selectedKey?: string | number;
  paging?: ListPaging;
  /** Shows skeleton rows instead of items. */
  loading?: boolean;
  error?: ListError | null;
  empty?: ListEmpty;
}

function countText(count: number, noun: readonly [string, string] | undefined): string {
  return noun ? plural(count, ...noun) : count.toLocaleString();
}

function ListHeader<T>(props: ListPageProps<T>) {
  const { title, count, countNoun, description, breadcrumbs, primaryAction } = props;
  // With a trail, the trail is the heading (TrailHeading): the title shows once, as its last step.
  const heading = breadcrumbs ? (
    <TrailHeading heading={title}>{breadcrumbs}</TrailHeading>
  ) : (
    <Title order={2} className={classes.title}>
      {title}
    </Title>
  );
  return (
    <div className={classes.header}>
      <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
        <div className={classes.titleBlock}>
          <Group gap="xs" wrap="nowrap" align="center">
            {heading}
            {count !== undefined && (
              <Badge
                variant="light"
                radius="sm"
                size="lg"
                tt={countNoun ? 'none' : undefined}
                data-testid="list-count"
                className={classes.count}
              >
                {countText(count, countNoun)}
              </Badge>
            )}
          </Group>
          {description && (
            <Text c="dimmed" size="sm" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {primaryAction && <Group gap="xs">{primaryAction}</Group>}
      </Group>
    </div>
  );
}

function ListPager({ paging, shown }: { paging: ListPaging; shown: number }) {
  const { page, pageSize, total, onPageChange } = paging;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, from + Math.max(shown, 1) - 1);
  return (
    <Group className={classes.footer} justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {total === 0 ? 'No items' : `Showing ${from}–${to} of ${total}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPageChange}
          size="sm"
          radius="md"
          withEdges={pages > 5}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(value) => ({ 'aria-label': `Page ${value}` })}
        />
      )}
    </Group>
  );
}

/** A list page: header, optional tabs and search, the rows (table or cards) and a pager. */
export function ListPage<T>(props: ListPageProps<T>) {
  const { tabs, activeTab, onTabChange, onSearch, searchPlaceholder, searchDelay, paging, items } = props;
  const search = onSearch && (
    <ListSearch onSearch={onSearch} placeholder={searchPlaceholder} delay={searchDelay} />
  );
  const body = <ListBody {...props} />;
  const footer = paging && !props.error && <ListPager paging={paging} shown={items.length} />;

  if (!tabs?.length) {
    return (
      <div className={classes.page}>
        <ListHeader {...props} />
        {search && <div className={classes.toolbar}>{search}</div>}
        <div className={classes.body}>{body}</div>
        {footer}
      </div>
    );
  }

  const current = activeTab ?? tabs[0]?.value;
  return (
    <Tabs
      className={classes.page}
      value={current}
      onChange={(value) => value && value !== current && onTabChange?.(value)}
      keepMounted={false}
    >
      <ListHeader {...props} />
      <div className={classes.toolbar}>
        <Tabs.List className={classes.tabs}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              leftSection={tab.icon}
              data-tab={tab.value}
              rightSection={
                tab.count !== undefined && (
                  <Badge
                    size="sm"
                    radius="sm"
                    variant={tab.value === current ? 'filled' : 'light'}
                    color={tab.value === current ? undefined : 'gray'}
                    data-testid={`tab-count-${tab.value}`}
                  >
                    {tab.count}
                  </Badge>
                )
              }
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {search}
      </div>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} className={classes.body}>
          {tab.value === current && body}
        </Tabs.Panel>
      ))}
      {footer}
    </Tabs>
  );
}
