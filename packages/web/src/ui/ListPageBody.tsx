/** The scrolling part of a ListPage: rows as a table or cards, or a skeleton, empty or error state. */
import {
  ActionIcon,
  Button,
  Center,
  EmptyState,
  Image,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
} from '@mantine/core';
import { IconAlertTriangle, IconDots, IconRefresh } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ListColumn, ListPageProps, RowAction } from './ListPage';
import classes from './ListPage.module.css';

const SKELETON_ROWS = 6;

function RowMenu({ actions, label }: { actions: RowAction[]; label: string }) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`} data-row-actions>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.label}
            leftSection={action.icon}
            color={action.color}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Enter or Space opens a focused row or card, as a click would. */
function openOnKey(open: (() => void) | undefined) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!open || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
}

function ListTable<T>(props: ListPageProps<T> & { columns: ListColumn<T>[] }) {
  const { items, columns, getKey, itemLabel, rowActions, onOpen, selectedKey, loading } = props;
  // A filling column: 100% of what is left, and max-width 0 lets its cells shrink below their text.
  const width = (column: ListColumn<T>) =>
    column.fill
      ? { width: '100%', maxWidth: 0, textAlign: column.align }
      : { width: column.width, textAlign: column.align };
  return (
    <Table
      className={classes.table}
      highlightOnHover={!loading}
      verticalSpacing="sm"
      horizontalSpacing="md"
      stickyHeader
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} style={width(column)}>
              {column.header}
            </Table.Th>
          ))}
          {rowActions && <Table.Th style={{ width: 56 }} aria-label="Actions" />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
              <Table.Tr key={row} data-skeleton-row>
                {columns.map((column) => (
                  <Table.Td key={column.key}>
                    <Skeleton height={12} radius="sm" width={`${55 + ((row * 17) % 40)}%`} />
                  </Table.Td>
                ))}
                {rowActions && <Table.Td />}
              </Table.Tr>
            ))
          : items.map((item) => {
              const key = getKey(item);
              const open = onOpen && (() => onOpen(item));
              return (
                <Table.Tr
                  key={key}
                  data-row-key={key}
                  className={open ? classes.openable : undefined}
                  data-selected={key === selectedKey || undefined}
                  tabIndex={open ? 0 : undefined}
                  aria-label={open && itemLabel ? `Open ${itemLabel(item)}` : undefined}
                  onClick={open}
                  onKeyDown={openOnKey(open)}
                >
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      style={
                        column.fill ? { maxWidth: 0, textAlign: column.align } : { textAlign: column.align }
                      }
                    >
                      {column.render(item)}
                    </Table.Td>
                  ))}
                  {rowActions && (
                    // The menu lives in the row but must not open it.
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <RowMenu actions={rowActions(item)} label={itemLabel?.(item) ?? String(key)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
      </Table.Tbody>
    </Table>
  );
}

function ListCards<T>(props: ListPageProps<T> & { renderCard: (item: T) => ReactNode }) {
  const { items, renderCard, getKey, itemLabel, rowActions, onOpen, selectedKey, loading } = props;
  const cols = { base: 1, sm: 2, lg: 3, xl: 4 };
  if (loading) {
    return (
      <SimpleGrid cols={cols} spacing="md" className={classes.cards}>
        {Array.from({ length: SKELETON_ROWS }, (_, card) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
          <Skeleton key={card} height={132} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={cols} spacing="md" className={classes.cards}>
      {items.map((item) => {
        const key = getKey(item);
        const open = onOpen && (() => onOpen(item));
        return (
          <Paper
            key={key}
            withBorder
            radius="lg"
            p="md"
            className={`${classes.card} ${open ? classes.openable : ''}`}
            data-row-key={key}
            data-selected={key === selectedKey || undefined}
            tabIndex={open ? 0 : undefined}
            aria-label={open && itemLabel ? `Open ${itemLabel(item)}` : undefined}
            onClick={open}
            onKeyDown={openOnKey(open)}
          >
            {renderCard(item)}
            {rowActions && (
              // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the card.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the menu button inside handles keys.
              <div className={classes.cardMenu} onClick={(event) => event.stopPropagation()}>
                <RowMenu actions={rowActions(item)} label={itemLabel?.(item) ?? String(key)} />
              </div>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/** The body: an error, a skeleton, an empty state, or the items. */
export function ListBody<T>(props: ListPageProps<T>) {
  const { error, loading, items, empty, columns, renderCard } = props;
  if (error) {
    return (
      <Center className={classes.state} data-list-state="error">
        <EmptyState
          size="md"
          variant="light"
          color="red"
          icon={<IconAlertTriangle stroke={1.6} />}
          title={error.title}
          description={error.detail}
          maw={440}
        >
          {error.onRetry && (
            <EmptyState.Actions>
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={error.onRetry}>
                Try again
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Center>
    );
  }
  if (!loading && items.length === 0) {
    return (
      <Center className={classes.state} data-list-state="empty">
        <Stack align="center" gap="xs" maw={420} ta="center">
          <Image src="/illustrations/empty.svg" alt="" w={220} h="auto" className={classes.illustration} />
          {empty?.title && <div className={classes.emptyTitle}>{empty.title}</div>}
          <div className={classes.emptyMessage}>{empty?.message ?? 'Nothing here yet'}</div>
          {empty?.action && <div className={classes.emptyAction}>{empty.action}</div>}
        </Stack>
      </Center>
    );
  }
  if (renderCard) return <ListCards {...props} renderCard={renderCard} />;
  return <ListTable {...props} columns={columns ?? []} />;
}
