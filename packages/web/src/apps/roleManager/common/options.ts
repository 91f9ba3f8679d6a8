/** Select options for people, groups, roles and apps, shared by the editors and filters. */
import { APPS, type AppKey } from '@ferrite/contracts';
import type { ComboboxItem } from '@mantine/core';

/** Named things (groups, roles) as options, keeping selected ones the list no longer has. */
export function namedOptions(
  items: { id: string; name: string }[],
  selected: { id: string; name: string }[] = [],
): ComboboxItem[] {
  const all = [...items, ...selected.filter((s) => !items.some((i) => i.id === s.id))];
  return all.map((item) => ({ value: item.id, label: item.name }));
}

/** Apps by title. */
export function appOptions(apps: AppKey[]): ComboboxItem[] {
  return apps.map((app) => ({ value: app, label: APPS[app].title }));
}
