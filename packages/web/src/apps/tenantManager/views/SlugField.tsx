/**
 * The organization URL input: the brand's sub-domain suffix beside it and a live check through
 * POST /validate_org_url once typing pauses. A taken URL shows as the field's error.
 */
import { ORG_SLUG_PATTERN } from '@ferrite/contracts';
import { Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheckFilled, IconWorld } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useBrand } from '../../../brand/useBrand';
import { useValidateOrgUrlQuery } from '../../../session/authApi';
import classes from './views.module.css';

export type SlugCheck = 'idle' | 'checking' | 'available' | 'taken';

interface SlugFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The organization's own URL: never "taken" for itself. */
  ownSlug?: string;
  error?: string | null;
  /** Tells the form what the live check found, so a taken URL can block the save. */
  onCheck?: (state: SlugCheck) => void;
  onBlur?: () => void;
}

/** Checks a well-formed URL that differs from the organization's own, once typing pauses. */
function useSlugCheck(slug: string, ownSlug?: string): { state: SlugCheck; message: string } {
  const current = slug.trim();
  const [settled] = useDebouncedValue(current, 400);
  const skip = !ORG_SLUG_PATTERN.test(settled) || settled === ownSlug;
  const { currentData, isFetching } = useValidateOrgUrlQuery(settled, { skip });
  // A malformed URL gets the shape hint from the form's own rule, not from the server.
  if (current === ownSlug || !ORG_SLUG_PATTERN.test(current)) return { state: 'idle', message: '' };
  if (settled !== current || isFetching || !currentData) return { state: 'checking', message: '' };
  return currentData.is_available
    ? { state: 'available', message: currentData.message }
    : { state: 'taken', message: currentData.message };
}

/** The URL input with its suffix, status icon and live availability. */
export function SlugField({ value, onChange, ownSlug, error, onCheck, onBlur }: SlugFieldProps) {
  const { subDomainSuffix } = useBrand();
  const check = useSlugCheck(value, ownSlug);
  const { state } = check;

  useEffect(() => onCheck?.(state), [state, onCheck]);

  const shownError = error || (state === 'taken' ? check.message : null);
  const icon =
    state === 'checking' ? (
      <Loader size={14} />
    ) : state === 'available' ? (
      <IconCircleCheckFilled size={16} color="var(--mantine-color-teal-6)" aria-hidden />
    ) : (
      <IconWorld size={16} aria-hidden />
    );

  return (
    <TextInput
      label="Organization URL"
      placeholder="acme-foundry"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.toLowerCase())}
      onBlur={onBlur}
      error={shownError}
      description={
        state === 'available' ? (
          <Text span size="xs" c="teal" data-testid="slug-status">
            {check.message || 'This organization URL is available'}
          </Text>
        ) : (
          'Lowercase letters, digits and hyphens; the organization signs in at this address'
        )
      }
      leftSection={icon}
      rightSection={
        <Text size="sm" c="dimmed" ff="monospace" className={classes.suffix}>
          {subDomainSuffix}
        </Text>
      }
      rightSectionWidth={subDomainSuffix.length * 8.4 + 16}
      rightSectionPointerEvents="none"
      classNames={{ input: classes.slugInput }}
      data-testid="slug-input"
      autoComplete="off"
      spellCheck={false}
    />
  );
}
