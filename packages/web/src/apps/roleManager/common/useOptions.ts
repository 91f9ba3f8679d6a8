/** Picker data loaded only while an editor is open: the organization's people, groups and roles. */
import type { ComboboxItem } from '@mantine/core';
import { useMemo } from 'react';
import { useGroupOptionsQuery } from '../api/groupsApi';
import { useRoleOptionsQuery } from '../api/rolesApi';
import { useMemberOptionsQuery } from '../api/usersApi';
import { useOrgId } from '../hooks';
import { namedOptions } from './options';
import { usePersonPicker } from './PersonOption';

type Named = { id: string; name: string };
const NONE: Named[] = [];

const NO_PEOPLE: { id: string; name: string; email: string }[] = [];

/**
 * Active members for a people picker (plus people already attached who are not among them, so they
 * still show by name): `picker` spreads into a Select or MultiSelect.
 */
export function useMemberOptions(enabled = true, attached = NO_PEOPLE) {
  const orgId = useOrgId();
  const { data, isFetching } = useMemberOptionsQuery({ orgId }, { skip: !enabled || !orgId });
  const people = useMemo(() => {
    const active = data ?? [];
    return [...active, ...attached.filter((a) => !active.some((p) => p.id === a.id))];
  }, [data, attached]);
  return { people, picker: usePersonPicker(people), loading: isFetching };
}

/** Active user groups as options, keeping already chosen ones that left the list. */
export function useGroupOptions(enabled = true, selected: Named[] = NONE): ComboboxItem[] {
  const orgId = useOrgId();
  const { data } = useGroupOptionsQuery({ orgId }, { skip: !enabled || !orgId });
  return useMemo(() => namedOptions(data ?? [], selected), [data, selected]);
}

/** Custom roles as options. */
export function useRoleOptions(enabled = true, selected: Named[] = NONE): ComboboxItem[] {
  const orgId = useOrgId();
  const { data } = useRoleOptionsQuery({ orgId }, { skip: !enabled || !orgId });
  return useMemo(() => namedOptions(data ?? [], selected), [data, selected]);
}
