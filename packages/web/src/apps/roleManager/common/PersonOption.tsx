/**
 * People in pickers: the chosen value shows the name only (pills and boxes stay short), the option
 * list shows name, e-mail and avatar, and typing matches either.
 */
import {
  type ComboboxItem,
  type ComboboxLikeRenderOptionInput,
  Group,
  type OptionsFilter,
  Text,
} from '@mantine/core';
import { useMemo } from 'react';
import { UserAvatar } from '../users/UserAvatar';

type Person = { id: string; name: string; email: string; avatar?: number };

/** Options, option rendering and filtering for a list of people. */
export function usePersonPicker(people: Person[]) {
  return useMemo(() => {
    const byId = new Map(people.map((p) => [p.id, p]));
    const data: ComboboxItem[] = people.map((p) => ({ value: p.id, label: p.name || p.email }));
    const renderOption = ({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) => {
      const person = byId.get(option.value);
      return (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={option.label} avatar={person?.avatar} size={26} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {option.label}
            </Text>
            {person?.name && (
              <Text size="xs" c="dimmed" truncate>
                {person.email}
              </Text>
            )}
          </div>
        </Group>
      );
    };
    const filter: OptionsFilter = ({ options, search }) => {
      const text = search.trim().toLowerCase();
      if (!text) return options;
      return (options as ComboboxItem[]).filter((option) => {
        const person = byId.get(option.value);
        return `${option.label} ${person?.email ?? ''}`.toLowerCase().includes(text);
      });
    };
    return { data, renderOption, filter };
  }, [people]);
}
