/** One organization in the picker: a large keyboard-reachable button. */
import type { OrgSummary } from '@ferrite/contracts';
import { Avatar, Badge, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import classes from './OrgCard.module.css';

interface OrgCardProps {
  org: OrgSummary;
  /** The brand's sub-domain suffix, shown after the org's slug. */
  suffix: string;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}

const ROLE_LABEL: Record<OrgSummary['role'], string> = { admin: 'Admin', member: 'Member' };

/** A card button: initials, name, address, role. */
export function OrgCard({ org, suffix, busy, disabled, onChoose }: OrgCardProps) {
  return (
    <li className={classes.item}>
      <UnstyledButton
        className={classes.card}
        data-org-card
        onClick={onChoose}
        disabled={disabled || busy}
        aria-busy={busy}
        aria-label={`Open ${org.name} (${ROLE_LABEL[org.role]})`}
      >
        <Group wrap="nowrap" gap="md">
          <Avatar name={org.name} color="initials" radius="md" size={48} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} truncate>
              {org.name}
            </Text>
            <Text size="sm" c="dimmed" truncate ff="monospace">
              {org.slug}
              {suffix}
            </Text>
          </div>
          <Badge
            size="sm"
            variant="light"
            color={org.role === 'admin' ? 'grape' : 'gray'}
            style={{ flexShrink: 0 }}
          >
            {ROLE_LABEL[org.role]}
          </Badge>
          {busy ? <Loader size="sm" /> : <IconChevronRight size={20} className={classes.arrow} />}
        </Group>
      </UnstyledButton>
    </li>
  );
}
