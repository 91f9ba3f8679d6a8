/** The list page's search box: reports the trimmed text once typing pauses; Escape clears it. */
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from './ListPage.module.css';

interface ListSearchProps {
  onSearch: (text: string) => void;
  placeholder?: string;
  /** Milliseconds of quiet before a search runs. */
  delay?: number;
}

/** A debounced search input; the caller sees only settled, trimmed values. */
export function ListSearch({ onSearch, placeholder = 'Search', delay = 300 }: ListSearchProps) {
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text.trim(), delay);
  // The latest callback without re-running the effect: a new arrow each render must not search again.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const last = useRef('');

  useEffect(() => {
    if (settled === last.current) return;
    last.current = settled;
    onSearchRef.current(settled);
  }, [settled]);

  return (
    <TextInput
      className={classes.search}
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text) {
          event.stopPropagation();
          setText('');
        }
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setText('')} /> : null
      }
      data-testid="list-search"
    />
  );
}
