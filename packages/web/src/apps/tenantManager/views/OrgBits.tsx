/** Small pieces an organization is drawn with: its avatar, its address, its apps, its seat use. */
import type { AppKey, Organization } from '@ferrite/contracts';
import { APPS } from '@ferrite/contracts';
import { Avatar, Badge, Group, Progress, Text, Tooltip } from '@mantine/core';
import { useBrand } from '../../../brand/useBrand';
import { AppTile } from '../../../workspace/AppTile';
import { avatarColor, initials } from './format';

/** The organization's initials on its own stable colour. */
export function OrgAvatar({ org, size = 36 }: { org: Pick<Organization, 'name' | 'slug'>; size?: number }) {
  return (
    <Avatar size={size} radius="md" color={avatarColor(org.slug)} variant="light" aria-hidden>
      {initials(org.name)}
    </Avatar>
  );
}

/** 'acme.ferrite.dev': the slug with the brand's sub-domain suffix. */
export function OrgAddress({ slug, size = 'xs' }: { slug: string; size?: 'xs' | 'sm' | 'md' }) {
  const { subDomainSuffix } = useBrand();
  return (
    <Text span size={size} c="dimmed" ff="monospace" data-testid="org-address">
      {slug}
      {subDomainSuffix}
    </Text>
  );
}

/** The first few app tiles and a "+n" for the rest. */
export function AppStack({ apps, max = 4 }: { apps: AppKey[]; max?: number }) {
  if (apps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  const rest = apps.length - max;
  return (
    <Group gap={4} wrap="nowrap">
      {apps.slice(0, max).map((key) => (
        <Tooltip key={key} label={APPS[key].title} withArrow openDelay={300}>
          <span style={{ display: 'inline-flex' }}>
            <AppTile appKey={key} size={22} />
          </span>
        </Tooltip>
      ))}
      {rest > 0 && (
        <Badge size="sm" variant="light" color="gray" radius="sm">
          +{rest}
        </Badge>
      )}
    </Group>
  );
}

/** Members against the user limit, as a number and a thin bar that warms up near the limit. */
export function SeatUse({ used, limit }: { used: number; limit: number }) {
  const ratio = limit > 0 ? used / limit : 0;
  const color = ratio >= 1 ? 'red' : ratio >= 0.8 ? 'orange' : 'teal';
  return (
    <div style={{ minWidth: 90 }}>
      <Text size="sm">
        {used.toLocaleString('en')}{' '}
        <Text span size="xs" c="dimmed">
          / {limit.toLocaleString('en')}
        </Text>
      </Text>
      <Progress
        value={Math.min(100, ratio * 100)}
        color={color}
        size={4}
        radius="xl"
        mt={4}
        aria-label="Seats used"
      />
    </div>
  );
}
