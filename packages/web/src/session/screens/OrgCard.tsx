/** One organization in the picker: a large keyboard-reachable button. */
import type { OrgSummary } from '@ferrite/contracts';
import { Avatar, Badge, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import classes from './OrgCard.module.css';

interface OrgCardProps {
  org: OrgSummary;
  /** The brand's sub-domain suffix, shown after the org's slug. */
  suffix: string;
  /** The organization the session is in now (reached by "Switch organization"). */
  current?: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}

const ROLE_LABEL: Record<OrgSummary['role'], string> = { admin: 'Admin', member: 'Member' };

/** A card button: initials, name, address, role. */
export function OrgCard({ org, suffix, current, busy, disabled, onChoose }: OrgCardProps) {
  return (
    <li className={classes.item}>
      <UnstyledButton
        className={classes.card}
        data-org-card
        onClick={onChoose}
        disabled={disabled || busy}
        aria-busy={busy}
        aria-label={`Open ${org.name} (${ROLE_LABEL[org.role]}${current ? ', current' : ''})`}
        title={`${org.name}\n${org.slug}${suffix}`}
        data-current={current || undefined}
      >
        <Group wrap="nowrap" gap="md" align="center">
          <Avatar name={org.name} color="initials" radius="md" size={48} style={{ flexShrink: 0 }} />
          {/* Whole names and addresses, wrapped: two organizations may differ only at the end. */}
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} className={classes.wrap} data-testid="org-card-name">
              {org.name}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace" className={classes.wrap} data-testid="org-card-slug">
              {org.slug}
              {suffix}
            </Text>
            {/* Under the address, so the name and address keep the card's width. */}
            <Group gap={6} mt={6}>
              <Badge size="sm" variant="light" color={org.role === 'admin' ? 'grape' : 'gray'}>
                {ROLE_LABEL[org.role]}
              </Badge>
              {current && (
                <Badge size="sm" variant="outline" color="teal">
                  Current
                </Badge>
              )}
            </Group>
          </div>
          {busy ? <Loader size="sm" /> : <IconChevronRight size={20} className={classes.arrow} />}
        </Group>
      </UnstyledButton>
    </li>
  );
}
