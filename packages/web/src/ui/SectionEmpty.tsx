/**
 * A section whose content has not been built yet: it says the section is coming and what it will do,
 * rather than looking like an empty list of things the user has not made.
 */
import { Center, EmptyState, type MantineColor } from '@mantine/core';
import { sectionIcon } from './sectionIcons';

interface SectionEmptyProps {
  sectionKey: string;
  label: string;
  appTitle: string;
  color: MantineColor;
  /** What the section will do once built. */
  plan?: string;
}

/** Names the section, says it is coming and what it will do, centred in the window body. */
export function SectionEmpty({ sectionKey, label, appTitle, color, plan }: SectionEmptyProps) {
  const Icon = sectionIcon(sectionKey);
  return (
    <Center h="100%" p="xl" data-section-empty={sectionKey}>
      <EmptyState
        size="lg"
        variant="light"
        color={color}
        icon={<Icon stroke={1.6} />}
        title={`${label} is coming soon`}
        description={plan ?? `This part of ${appTitle} is not built yet.`}
        maw={420}
      />
    </Center>
  );
}
