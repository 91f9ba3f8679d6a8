/** What every app folder declares about itself; the workspace draws launchers and windows from it. */
import { APPS, type AppKey } from '@ferrite/contracts';
import type { MantineColor } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** What a window hands its app: the section to show and a way to move to another. */
export interface AppViewProps {
  section: string;
  onNavigate: (section: string) => void;
}

export interface AppManifest {
  key: AppKey;
  title: string;
  icon: TablerIcon;
  /** Accent of the app's tile and home page. */
  color: MantineColor;
  /** Loaded on first open, so the desktop ships without any app's code. */
  component: ComponentType<AppViewProps>;
}

/** Builds a manifest, taking the title from the contracts registry so it is never copied. */
export function defineManifest(manifest: Omit<AppManifest, 'title'>): AppManifest {
  return { ...manifest, title: APPS[manifest.key].title };
}
