/** A window's section menu, painted in the profile's sidebar colour and collapsible to icons. */
import type { VisualSettings } from '@ferrite/contracts';
import { Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useAppDispatch } from '../app/hooks';
import { sectionIcon } from '../ui/sectionIcons';
import { SIDEBAR_THEMES } from './appearance';
import classes from './WindowSidebar.module.css';
import { type AppWindowState, setCurrentSection, toggleSidebar } from './windowsSlice';

interface WindowSidebarProps {
  window: AppWindowState;
  theme: VisualSettings['sidebar_color'];
}

/** The visible sections of the app (hidden links are never listed), the current one marked. */
export function WindowSidebar({ window, theme }: WindowSidebarProps) {
  const dispatch = useAppDispatch();
  const { appKey, appSections, currentSection, sidebarHidden } = window;
  const colors = SIDEBAR_THEMES[theme];
  const style = {
    '--sidebar-bg': colors.background,
    '--sidebar-text': colors.text,
    '--sidebar-active': colors.active,
    '--sidebar-active-text': colors.activeText,
  } as CSSProperties;
  const toggleLabel = sidebarHidden ? 'Expand sidebar' : 'Collapse sidebar';
  const ToggleIcon = sidebarHidden ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;

  return (
    <nav
      className={classes.sidebar}
      data-collapsed={sidebarHidden || undefined}
      data-sidebar-color={theme}
      style={style}
      aria-label={`${window.appName} sections`}
    >
      <ul className={classes.list}>
        {appSections.map((section, index) => {
          const Icon = sectionIcon(section.key, index === 0);
          const current = section.key === currentSection;
          return (
            <li key={section.key}>
              <Tooltip label={section.label} position="right" withArrow disabled={!sidebarHidden}>
                <UnstyledButton
                  className={classes.link}
                  data-section-key={section.key}
                  aria-current={current ? 'page' : undefined}
                  aria-label={sidebarHidden ? section.label : undefined}
                  onClick={() => dispatch(setCurrentSection({ appKey, section: section.key }))}
                >
                  <Icon size={19} stroke={1.7} className={classes.icon} />
                  {!sidebarHidden && <span className={classes.label}>{section.label}</span>}
                </UnstyledButton>
              </Tooltip>
            </li>
          );
        })}
      </ul>
      <Tooltip label={toggleLabel} position="right" withArrow>
        <UnstyledButton
          className={classes.toggle}
          aria-label={toggleLabel}
          aria-expanded={!sidebarHidden}
          onClick={() => dispatch(toggleSidebar(appKey))}
        >
          <ToggleIcon size={19} stroke={1.7} />
        </UnstyledButton>
      </Tooltip>
    </nav>
  );
}
