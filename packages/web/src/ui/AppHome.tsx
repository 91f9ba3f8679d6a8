/**
 * The home of an app that is not built yet: a "Coming soon" mark, what the app will do (plans, drawn
 * without check marks that would read as done), and its sections, each with what it will hold.
 */
import type { AppDefinition, AppSection } from '@ferrite/contracts';
import {
  Badge,
  Box,
  Group,
  List,
  type MantineColor,
  Paper,
  ScrollArea,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowRight, IconCircleDashed, type TablerIcon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from './AppHome.module.css';
import { sectionIcon } from './sectionIcons';

interface AppHomeProps {
  app: AppDefinition;
  icon: TablerIcon;
  color: MantineColor;
  highlights: string[];
  /** The visible sections other than home, offered as shortcuts. */
  sections: AppSection[];
  /** What each section will hold, by section key. */
  plans: Record<string, string>;
  onNavigate: (section: string) => void;
}

/** What the home says of the app's state, above its title. */
export const COMING_SOON_BADGE = 'Coming soon';

/** The placeholder home: a hero, a list of what is coming, and cards for the app's sections. */
export function AppHome({ app, icon: Icon, color, highlights, sections, plans, onNavigate }: AppHomeProps) {
  return (
    <ScrollArea h="100%" type="auto">
      <Box
        className={classes.wash}
        style={{ '--app-color': `var(--mantine-color-${color}-6)` } as CSSProperties}
        data-app-home={app.key}
      >
        <Box className={classes.page}>
          <Group className={classes.hero} wrap="nowrap" gap="xl">
            <Box className={classes.badge}>
              <ThemeIcon
                size={84}
                radius={28}
                variant="gradient"
                gradient={{ from: `${color}.7`, to: `${color}.4`, deg: 135 }}
              >
                <Icon size={46} stroke={1.5} />
              </ThemeIcon>
            </Box>
            <div>
              <Badge
                variant="filled"
                color="yellow.3"
                c="dark.8"
                radius="sm"
                mb={6}
                data-testid="coming-soon"
              >
                {COMING_SOON_BADGE}
              </Badge>
              <Title order={2} className={classes.title}>
                {app.title}
              </Title>
              <Text c="dimmed" size="md" maw={560}>
                {app.description}
              </Text>
            </div>
          </Group>

          <Paper withBorder radius="lg" p="lg" className={classes.panel}>
            <Text fw={600}>What {app.title} will do</Text>
            <Text size="sm" c="dimmed" mb="sm">
              {app.title} is not built yet. These are its plans, not features you can use today.
            </Text>
            <List
              spacing="sm"
              data-testid="app-plans"
              icon={
                <ThemeIcon size={22} radius="xl" color="gray" variant="light">
                  <IconCircleDashed size={14} stroke={2} />
                </ThemeIcon>
              }
            >
              {highlights.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Paper>

          {sections.length > 0 && (
            <>
              <Text fw={600} mt="xl" mb="sm">
                Sections to come
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                {sections.map((section) => {
                  const SectionIcon = sectionIcon(section.key);
                  return (
                    <UnstyledButton
                      key={section.key}
                      className={classes.card}
                      onClick={() => onNavigate(section.key)}
                      data-section-link={section.key}
                    >
                      <ThemeIcon size={38} radius="md" variant="light" color={color}>
                        <SectionIcon size={20} stroke={1.7} />
                      </ThemeIcon>
                      <div className={classes.cardLabel}>
                        <Text fw={500}>{section.label}</Text>
                        {plans[section.key] && (
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {plans[section.key]}
                          </Text>
                        )}
                      </div>
                      <IconArrowRight size={16} className={classes.cardArrow} />
                    </UnstyledButton>
                  );
                })}
              </SimpleGrid>
            </>
          )}
        </Box>
      </Box>
    </ScrollArea>
  );
}
