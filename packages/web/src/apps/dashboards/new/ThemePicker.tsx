/**
 * The themes a dashboard starts from (spec §2 "New starts on a themes list"): a card per theme drawn as
 * a miniature dashboard in its colours. A radio group, so arrow keys move between themes.
 */
import { DASHBOARD_THEMES, type DashboardTheme } from '@ferrite/contracts';
import { Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { CSSProperties, KeyboardEvent } from 'react';
import classes from './New.module.css';

/** One theme drawn small: a header bar, a chart line and three tiles. */
export function ThemeMiniature({ theme }: { theme: DashboardTheme }) {
  const style = {
    '--mini-bg': theme.background,
    '--mini-panel': theme.panel,
    '--mini-accent': theme.accent,
    '--mini-text': theme.text,
  } as CSSProperties;
  return (
    <div className={classes.mini} style={style} aria-hidden>
      <div className={classes.miniBar} />
      <div className={classes.miniRow}>
        <div className={classes.miniTile}>
          <svg viewBox="0 0 100 40" preserveAspectRatio="none" className={classes.miniChart}>
            <title>chart</title>
            <polyline points="0,32 14,26 28,29 42,17 56,21 70,9 84,14 100,5" />
          </svg>
        </div>
        <div className={classes.miniTile}>
          <div className={classes.miniGauge} />
        </div>
      </div>
      <div className={classes.miniRow}>
        <div className={classes.miniTile}>
          <span className={classes.miniKpi} />
        </div>
        <div className={classes.miniTile}>
          <span className={classes.miniKpi} />
        </div>
        <div className={classes.miniTile}>
          <span className={classes.miniKpi} />
        </div>
      </div>
    </div>
  );
}

interface ThemePickerProps {
  value: string | null;
  onChange: (themeId: DashboardTheme['id']) => void;
  /** Smaller cards (the details dialog). */
  compact?: boolean;
}

/** Every theme as a selectable card. */
export function ThemePicker({ value, onChange, compact }: ThemePickerProps) {
  // Arrow keys move the focus between cards; Enter or Space picks one (picking may move on).
  const move = (event: KeyboardEvent, index: number) => {
    const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown';
    const backward = event.key === 'ArrowLeft' || event.key === 'ArrowUp';
    if (!forward && !backward) return;
    event.preventDefault();
    const count = DASHBOARD_THEMES.length;
    const next = (index + (forward ? 1 : -1) + count) % count;
    (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div className={compact ? classes.themesCompact : classes.themes} role="radiogroup" aria-label="Themes">
      {DASHBOARD_THEMES.map((theme, index) => {
        const selected = value === theme.id;
        return (
          <UnstyledButton
            key={theme.id}
            role="radio"
            aria-checked={selected}
            aria-label={theme.name}
            tabIndex={selected || (!value && index === 0) ? 0 : -1}
            className={classes.themeCard}
            data-selected={selected || undefined}
            data-theme-id={theme.id}
            onClick={() => onChange(theme.id)}
            onKeyDown={(event) => move(event, index)}
          >
            <ThemeMiniature theme={theme} />
            <div className={classes.themeName}>
              <Text size="sm" fw={600}>
                {theme.name}
              </Text>
              {selected ? <IconCheck size={16} className={classes.check} /> : null}
            </div>
          </UnstyledButton>
        );
      })}
    </div>
  );
}
