/** The Appearance tab: wallpaper, sidebar colour, taskbar position and colour scheme. */
import {
  COLOR_SCHEMES,
  SIDEBAR_COLORS,
  TASKBAR_POSITIONS,
  type VisualSettings,
  WALLPAPERS,
} from '@ferrite/contracts';
import {
  Center,
  ColorSwatch,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineColorScheme,
} from '@mantine/core';
import { IconCheck, IconMoon, IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './AppearanceSettings.module.css';
import { SIDEBAR_THEMES, WALLPAPER_LABELS, wallpaperBackground } from './appearance';
import type { SaveSettings } from './SettingsModal';

const POSITION_LABELS = { bottom: 'Bottom', top: 'Top', left: 'Left', right: 'Right' } as const;

interface AppearanceSettingsProps {
  visual: VisualSettings;
  save: SaveSettings;
}

/** The tab's four choices, each saved as soon as it is made. */
export function AppearanceSettings({ visual, save }: AppearanceSettingsProps) {
  const { setColorScheme } = useMantineColorScheme();
  const set = (change: Partial<VisualSettings>) => save({ visual_settings: change });

  return (
    <Stack gap="lg">
      <Field label="Wallpaper">
        <div className={classes.wallpapers} role="radiogroup" aria-label="Wallpaper">
          {WALLPAPERS.map((name) => {
            const selected = visual.desktop_wallpaper === name;
            return (
              <UnstyledButton
                key={name}
                className={classes.wallpaper}
                role="radio"
                aria-checked={selected}
                data-wallpaper={name}
                onClick={() => set({ desktop_wallpaper: name })}
              >
                <div className={classes.thumb} style={{ background: wallpaperBackground(name) }}>
                  {selected && (
                    <Center className={classes.check}>
                      <IconCheck size={14} stroke={3} />
                    </Center>
                  )}
                </div>
                <Text size="xs" fw={selected ? 600 : 400} ta="center" mt={6}>
                  {WALLPAPER_LABELS[name]}
                </Text>
              </UnstyledButton>
            );
          })}
        </div>
      </Field>

      <Field label="Sidebar colour">
        <div className={classes.swatches} role="radiogroup" aria-label="Sidebar colour">
          {SIDEBAR_COLORS.map((name) => {
            const theme = SIDEBAR_THEMES[name];
            const selected = visual.sidebar_color === name;
            return (
              <Tooltip key={name} label={theme.label} withArrow>
                <ColorSwatch
                  component="button"
                  type="button"
                  color={theme.swatch}
                  size={38}
                  radius="md"
                  role="radio"
                  aria-checked={selected}
                  aria-label={`${theme.label} sidebar`}
                  data-sidebar-color={name}
                  className={classes.swatch}
                  style={{ background: theme.background, color: '#fff' }}
                  onClick={() => set({ sidebar_color: name })}
                >
                  {selected && <IconCheck size={18} stroke={3} />}
                </ColorSwatch>
              </Tooltip>
            );
          })}
        </div>
      </Field>

      <Field label="Taskbar position">
        <SegmentedControl
          aria-label="Taskbar position"
          value={visual.taskbar_pos}
          onChange={(value) => set({ taskbar_pos: value as VisualSettings['taskbar_pos'] })}
          data={TASKBAR_POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }))}
          radius="md"
        />
      </Field>

      <Field label="Colour scheme">
        <SegmentedControl
          aria-label="Colour scheme"
          value={visual.color_scheme}
          onChange={(value) => {
            const scheme = value as VisualSettings['color_scheme'];
            setColorScheme(scheme);
            set({ color_scheme: scheme });
          }}
          data={COLOR_SCHEMES.map((value) => ({
            value,
            label: (
              <Center className={classes.scheme}>
                {value === 'light' ? <IconSun size={16} /> : <IconMoon size={16} />}
                <span>{value === 'light' ? 'Light' : 'Dark'}</span>
              </Center>
            ),
          }))}
          radius="md"
        />
      </Field>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={8}>
        {label}
      </Text>
      {children}
    </div>
  );
}
