/** How the visual settings of the profile look: wallpapers, sidebar colour themes, taskbar sides. */
import type { VisualSettings } from '@ferrite/contracts';

type Wallpaper = VisualSettings['desktop_wallpaper'];
type SidebarColor = VisualSettings['sidebar_color'];

export const WALLPAPER_LABELS: Record<Wallpaper, string> = {
  none: 'Default',
  aurora: 'Aurora',
  blueprint: 'Blueprint',
  foundry: 'Foundry',
  dunes: 'Dunes',
  circuit: 'Circuit',
};

/** 'none' still paints something: a quiet steel gradient instead of a bare page. */
const DEFAULT_BACKDROP =
  'radial-gradient(120% 90% at 10% 0%, #35598a 0%, transparent 55%), radial-gradient(90% 80% at 100% 100%, #1f6f78 0%, transparent 50%), linear-gradient(160deg, #1b2a41 0%, #0f1826 100%)';

/** The CSS background of the desktop for a wallpaper setting. */
export function wallpaperBackground(wallpaper: Wallpaper): string {
  if (wallpaper === 'none') return DEFAULT_BACKDROP;
  return `url("/wallpapers/${wallpaper}.svg") center / cover no-repeat, #1b2a41`;
}

export interface SidebarTheme {
  label: string;
  /** Sidebar background (a gradient) and the colours drawn on it. */
  background: string;
  text: string;
  active: string;
  activeText: string;
  /** A single colour standing for the theme in swatches. */
  swatch: string;
}

export const SIDEBAR_THEMES: Record<SidebarColor, SidebarTheme> = {
  theme1: {
    label: 'Steel',
    background: 'linear-gradient(180deg, #1f3b5c 0%, #16293f 100%)',
    text: '#c9d8ea',
    active: 'rgba(255, 255, 255, 0.14)',
    activeText: '#ffffff',
    swatch: '#1f3b5c',
  },
  theme2: {
    label: 'Teal',
    background: 'linear-gradient(180deg, #0f5e63 0%, #0a3f45 100%)',
    text: '#c2e6e4',
    active: 'rgba(255, 255, 255, 0.15)',
    activeText: '#ffffff',
    swatch: '#0f5e63',
  },
  theme3: {
    label: 'Indigo',
    background: 'linear-gradient(180deg, #3b3f9e 0%, #262a6e 100%)',
    text: '#d4d6fb',
    active: 'rgba(255, 255, 255, 0.16)',
    activeText: '#ffffff',
    swatch: '#3b3f9e',
  },
  theme4: {
    label: 'Graphite',
    background: 'linear-gradient(180deg, #34373d 0%, #222428 100%)',
    text: '#cfd2d8',
    active: 'rgba(255, 255, 255, 0.12)',
    activeText: '#ffffff',
    swatch: '#34373d',
  },
  theme5: {
    label: 'Copper',
    background: 'linear-gradient(180deg, #9a4a24 0%, #6b3016 100%)',
    text: '#f6dccd',
    active: 'rgba(255, 255, 255, 0.16)',
    activeText: '#ffffff',
    swatch: '#9a4a24',
  },
  theme6: {
    label: 'Forest',
    background: 'linear-gradient(180deg, #2f6b3a 0%, #1e4727 100%)',
    text: '#d3ecd6',
    active: 'rgba(255, 255, 255, 0.15)',
    activeText: '#ffffff',
    swatch: '#2f6b3a',
  },
};

/** The avatar picture for an avatar number (1..24). */
export function avatarUrl(avatar: number): string {
  return `/avatars/avatar-${avatar}.svg`;
}
