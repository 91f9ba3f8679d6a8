/** What every app folder declares about itself; the workspace draws launchers and windows from it. */
import { APPS, type AppKey } from '@ferrite/contracts';
import type { MantineColor } from '@mantine/core';
import type { Reducer } from '@reduxjs/toolkit';
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
  /** The app's own state, mounted at state[key] (see apps/reducers.ts); small, so it ships eagerly. */
  reducer?: Reducer;
  /**
   * Set while the app is not built yet (its window is ui/PlaceholderApp): its tiles on the desktop, in
   * the launcher and in the app slider say "Coming soon". An app that lands deletes this one line.
   */
  comingSoon?: true;
}

/** Builds a manifest, taking the title from the contracts registry so it is never copied. */
export function defineManifest<M extends Omit<AppManifest, 'title'>>(manifest: M): M & { title: string } {
  // Generic so a manifest's reducer keeps its state type for RootState (apps/reducers.ts).
  return { ...manifest, title: APPS[manifest.key].title };
}
