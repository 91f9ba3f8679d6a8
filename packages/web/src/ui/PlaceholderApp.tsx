/**
 * The window body of an app that is not built yet (its manifest says `comingSoon`): a home page of its
 * plans and, on every other section, what that section will do.
 */
import { APPS, type AppKey, firstSection, visibleSections } from '@ferrite/contracts';
import type { MantineColor } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { AppHome } from './AppHome';
import { SectionEmpty } from './SectionEmpty';

interface PlaceholderAppProps {
  appKey: AppKey;
  icon: TablerIcon;
  color: MantineColor;
  /** What the app will do, in a few bullets. */
  highlights: string[];
  /** What each section will do, by section key (shown on the home's cards and on the section). */
  plans: Record<string, string>;
  section: string;
  onNavigate: (section: string) => void;
}

/** Shows the home page on the app's first section and an empty state on every other one. */
export function PlaceholderApp({
  appKey,
  icon,
  color,
  highlights,
  plans,
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
        plans={plans}
        sections={visibleSections(app).filter((s) => s.key !== home)}
        onNavigate={onNavigate}
      />
    );
  }
  const label = app.sections.find((s) => s.key === section)?.label ?? section;
  return (
    <SectionEmpty
      sectionKey={section}
      label={label}
      appTitle={app.title}
      color={color}
      plan={plans[section]}
    />
  );
}
