/**
 * Live check of the organization's URL slug through POST /validate_org_url. It informs, it does not
 * block: the server derives the slug from the name on sign-up and numbers it when it is taken.
 */
import { ORG_SLUG_PATTERN } from '@ferrite/contracts';
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheckFilled, IconCircleXFilled, IconWorld } from '@tabler/icons-react';
import { useBrand } from '../../brand/useBrand';
import { useValidateOrgUrlQuery } from '../authApi';

const ICON_STYLE = { flexShrink: 0, marginTop: 1 };

export type OrgUrlState = 'idle' | 'checking' | 'available' | 'unavailable' | 'invalid';

/** The URL slug for an organization name: lowercase words joined by hyphens, at most 40 characters. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** Checks the slug of an organization name once typing pauses. */
export function useOrgUrlCheck(orgName: string): { slug: string; state: OrgUrlState; message: string } {
  const [debounced] = useDebouncedValue(orgName, 400);
  const slug = slugify(debounced);
  const shapeOk = ORG_SLUG_PATTERN.test(slug);
  const { data, isFetching, isError } = useValidateOrgUrlQuery(slug, { skip: !shapeOk });
  if (!slug) return { slug, state: 'idle', message: '' };
  // A slugged name only misses the pattern by being short; the server then adds a suffix.
  if (!shapeOk)
    return { slug, state: 'idle', message: 'Short names get a few extra characters in the address' };
  if (isFetching || debounced !== orgName)
    return { slug, state: 'checking', message: 'Checking availability…' };
  if (isError || !data) return { slug, state: 'idle', message: '' };
  if (!data.is_valid) return { slug, state: 'invalid', message: data.message };
  return data.is_available
    ? { slug, state: 'available', message: data.message || 'This address is available' }
    : {
        slug,
        state: 'unavailable',
        message: `${data.message || 'This address is taken'}; a number will be added`,
      };
}

/** One line under the organization name: the workspace address and whether it is free. */
export function OrgUrlStatus({
  slug,
  state,
  message,
}: {
  slug: string;
  state: OrgUrlState;
  message: string;
}) {
  const { subDomainSuffix } = useBrand();
  if (state === 'idle' && !slug) return null;
  const good = state === 'available';
  const bad = state === 'invalid';
  const taken = state === 'unavailable';
  return (
    <Group gap={6} mt={6} wrap="nowrap" align="flex-start" aria-live="polite" data-testid="org-url-status">
      {state === 'checking' ? (
        <Loader size={14} />
      ) : good ? (
        <IconCircleCheckFilled size={16} style={ICON_STYLE} color="var(--mantine-color-teal-6)" aria-hidden />
      ) : bad || taken ? (
        <IconCircleXFilled
          size={16}
          style={ICON_STYLE}
          color={`var(--mantine-color-${bad ? 'red' : 'orange'}-6)`}
          aria-hidden
        />
      ) : (
        <IconWorld size={16} style={ICON_STYLE} color="var(--mantine-color-dimmed)" aria-hidden />
      )}
      <Text
        size="xs"
        c={good ? 'teal' : bad ? 'red' : taken ? 'orange' : 'dimmed'}
        style={{ minWidth: 0 }}
        truncate
      >
        {slug && (
          <Text span ff="monospace" fz="xs" fw={600}>
            {slug}
            {subDomainSuffix}
          </Text>
        )}
        {message && ` · ${message}`}
      </Text>
    </Group>
  );
}
