/**
 * Live checklist under a new-password field. It only guides typing: the contracts rule
 * (isValidPassword) decides, so the items are built from the same contract constants.
 */
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from '@ferrite/contracts';
import { Group, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';

const isLetter = (c: string) => /[A-Za-z]/.test(c);
const isDigit = (c: string) => /\d/.test(c);
const isSpecial = (c: string) => PASSWORD_SPECIALS.includes(c);

/** The rule items and whether a value meets each. */
export function passwordChecks(value: string) {
  const chars = [...value];
  return [
    { label: `${PASSWORD_MIN_LENGTH}+ characters`, met: chars.length >= PASSWORD_MIN_LENGTH },
    { label: 'A letter and a digit', met: chars.some(isLetter) && chars.some(isDigit) },
    { label: `One of ${[...PASSWORD_SPECIALS].join(' ')}`, met: chars.some(isSpecial) },
    {
      label: 'No other characters',
      met: chars.length > 0 && chars.every((c) => isLetter(c) || isDigit(c) || isSpecial(c)),
    },
  ];
}

/** Shows which password rules the value meets. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <SimpleGrid cols={2} spacing={6} verticalSpacing={4} mt={8} aria-live="polite">
      {passwordChecks(value).map(({ label, met }) => (
        <Group key={label} gap={6} wrap="nowrap">
          {met ? (
            <IconCircleCheckFilled size={15} color="var(--mantine-color-teal-6)" aria-hidden />
          ) : (
            <IconCircleDashed size={15} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
          <Text size="xs" c={met ? undefined : 'dimmed'}>
            {label}
            <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}
