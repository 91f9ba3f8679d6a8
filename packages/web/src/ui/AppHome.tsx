/** An app's home page while the app is being built: what it is, what it will hold, where to go. */
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
import { IconArrowRight, IconCheck, type TablerIcon } from '@tabler/icons-react';
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
  onNavigate: (section: string) => void;
}

/** The placeholder home: a hero, a list of what is coming, and cards for the app's sections. */
export function AppHome({ app, icon: Icon, color, highlights, sections, onNavigate }: AppHomeProps) {
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
              <Badge variant="light" color={color} radius="sm" mb={6}>
                Being built
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
            <Text fw={600} mb="sm">
              What {app.title} will hold
            </Text>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={22} radius="xl" color={color} variant="light">
                  <IconCheck size={14} stroke={2.4} />
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
                Sections
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
                      <Text fw={500} className={classes.cardLabel}>
                        {section.label}
                      </Text>
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
