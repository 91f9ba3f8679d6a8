/** The empty state of a section whose content has not been built yet. */
import { Center, EmptyState, type MantineColor } from '@mantine/core';
import { sectionIcon } from './sectionIcons';

interface SectionEmptyProps {
  sectionKey: string;
  label: string;
  appTitle: string;
  color: MantineColor;
}

/** Names the section and says it is empty, centred in the window body. */
export function SectionEmpty({ sectionKey, label, appTitle, color }: SectionEmptyProps) {
  const Icon = sectionIcon(sectionKey);
  return (
    <Center h="100%" p="xl" data-section-empty={sectionKey}>
      <EmptyState
        size="lg"
        variant="light"
        color={color}
        icon={<Icon stroke={1.6} />}
        title={`${label} is empty`}
        description={`Nothing to show in ${label} yet. What ${appTitle} keeps here will appear in this space.`}
        maw={420}
      />
    </Center>
  );
}
