/** Who is told: members, every member of user groups, and plain addresses (e-mail or +E.164 phone). */
import type { Recipients } from '@ferrite/contracts';
import { MultiSelect, SimpleGrid, TagsInput } from '@mantine/core';
import { useAlertMembersQuery, useAlertUserGroupsQuery } from '../api/pickersApi';
import { useOrgId } from '../hooks';

interface RecipientsFieldsProps {
  value: Recipients;
  onChange: (recipients: Recipients) => void;
  /** Error path prefix, e.g. 'recipients'. */
  errorPath: string;
  errors: Record<string, string>;
}

/** The first error under a path (any index). */
export function firstErrorUnder(errors: Record<string, string>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

/** Three pickers side by side. */
export function RecipientsFields({ value, onChange, errorPath, errors }: RecipientsFieldsProps) {
  const orgId = useOrgId();
  const members = useAlertMembersQuery({ orgId }, { skip: !orgId });
  const groups = useAlertUserGroupsQuery({ orgId }, { skip: !orgId });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
      <MultiSelect
        label="Members"
        placeholder={members.isError ? 'Cannot list members' : 'Choose members'}
        data={(members.data?.users ?? []).map((u) => ({ value: u.id, label: u.name || u.email }))}
        value={value.user_ids}
        onChange={(user_ids) => onChange({ ...value, user_ids })}
        searchable
        error={firstErrorUnder(errors, `${errorPath}.user_ids`)}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label="User groups"
        placeholder={groups.isError ? 'Cannot list groups' : 'Choose groups'}
        data={(groups.data?.user_groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={value.group_ids}
        onChange={(group_ids) => onChange({ ...value, group_ids })}
        searchable
        error={firstErrorUnder(errors, `${errorPath}.group_ids`)}
        comboboxProps={{ withinPortal: true }}
      />
      <TagsInput
        label="Addresses"
        placeholder="ops@plant.com, +4915112345678"
        value={value.addresses}
        onChange={(addresses) => onChange({ ...value, addresses })}
        error={firstErrorUnder(errors, `${errorPath}.addresses`)}
        splitChars={[',', ' ', ';']}
      />
    </SimpleGrid>
  );
}
