/** An app's window body until its own issue replaces it: a home page and empty sections. */
import { APPS, type AppKey, firstSection, visibleSections } from '@ferrite/contracts';
import type { MantineColor } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { AppHome } from './AppHome';
import { SectionEmpty } from './SectionEmpty';

interface PlaceholderAppProps {
  appKey: AppKey;
  icon: TablerIcon;
  color: MantineColor;
  /** What the app will hold, in a few bullets. */
  highlights: string[];
  section: string;
  onNavigate: (section: string) => void;
}

/** Shows the home page on the app's first section and an empty state on every other one. */
export function PlaceholderApp({
  appKey,
  icon,
  color,
  highlights,
  section,
  onNavigate,
}: PlaceholderAppProps) {
  const app = APPS[appKey];
  const home = firstSection(app);
  if (section === home) {
    return (
      <AppHome
        app={app}
        icon={icon}
        color={color}
        highlights={highlights}
        sections={visibleSections(app).filter((s) => s.key !== home)}
        onNavigate={onNavigate}
      />
    );
  }
  const label = app.sections.find((s) => s.key === section)?.label ?? section;
  return <SectionEmpty sectionKey={section} label={label} appTitle={app.title} color={color} />;
}
