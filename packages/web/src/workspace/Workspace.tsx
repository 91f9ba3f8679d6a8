/** The desktop shown at `/` when signed in: wallpaper, app icons, windows, taskbar and overlays. */
import type { MeResponse } from '@ferrite/contracts';
import { Button, Center, Loader, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { AlertMarksProvider } from './AlertMarksProvider';
import { AppSlider } from './AppSlider';
import { AppWindow } from './AppWindow';
import { wallpaperBackground } from './appearance';
import { DesktopIcons } from './DesktopIcons';
import { LockScreen } from './LockScreen';
import { orgApps } from './layout';
import { useLockPersistence } from './lockPersistence';
import { useGetMeQuery } from './profileApi';
import { loadRecentApps } from './recentAppsSlice';
import { SettingsModal } from './SettingsModal';
import { Taskbar } from './Taskbar';
import classes from './Workspace.module.css';
import { focusedApp } from './windowsSlice';
import { setLauncherOpen, setSliderOpen } from './workspaceUiSlice';

/** The signed-in desktop. */
export function Workspace() {
  const { data: me, isError, refetch } = useGetMeQuery();
  if (!me) {
    return (
      <Center className={classes.root} style={{ background: wallpaperBackground('none') }}>
        {isError ? (
          <Stack align="center" gap="sm">
            <Text c="white">Your workspace could not be loaded.</Text>
            <Button variant="white" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <Loader color="white" type="dots" aria-label="Loading workspace" />
        )}
      </Center>
    );
  }
  return <Desktop me={me} />;
}

function Desktop({ me }: { me: MeResponse }) {
  const dispatch = useAppDispatch();
  const visual = me.user_credentials.user_setting.visual_settings;
  const apps = useMemo(() => orgApps(me), [me]);
  const windows = useAppSelector((state) => state.windows);
  const { launcherOpen, sliderOpen, locked } = useAppSelector((state) => state.workspaceUi);
  const { setColorScheme } = useMantineColorScheme();
  const covered = focusedApp(windows) !== null;

  // The profile is the source of the recent list at sign-in; after that this tab keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the user changes
  useEffect(() => {
    dispatch(loadRecentApps(visual.recently_visited_apps));
  }, [dispatch, me.id]);

  useEffect(() => {
    setColorScheme(visual.color_scheme);
  }, [setColorScheme, visual.color_scheme]);

  useLockPersistence(me.id);

  useHotkeys([
    ['mod+K', () => !locked && dispatch(setLauncherOpen(!launcherOpen))],
    ['alt+W', () => !locked && dispatch(setSliderOpen(!sliderOpen))],
  ]);

  return (
    <div
      className={classes.root}
      data-taskbar={visual.taskbar_pos}
      data-wallpaper={visual.desktop_wallpaper}
      data-testid="workspace"
      style={{ background: wallpaperBackground(visual.desktop_wallpaper) }}
    >
      <main className={classes.desktop} aria-label="Desktop" inert={locked}>
        {/* Icons under a maximized window are hidden from sight, so from Tab and screen readers too. */}
        <div style={{ display: 'contents' }} inert={covered} data-testid="desktop-icons">
          <DesktopIcons apps={apps} />
        </div>
        <AlertMarksProvider orgId={me.org.id} enabled={apps.includes('alerts')}>
          {apps.map((key) =>
            windows[key].appState === 'closed' ? null : (
              <AppWindow key={key} window={windows[key]} sidebarColor={visual.sidebar_color} />
            ),
          )}
        </AlertMarksProvider>
      </main>
      <Taskbar apps={apps} me={me} position={visual.taskbar_pos} inert={locked} />
      <AppSlider apps={apps} />
      <SettingsModal me={me} />
      {locked && <LockScreen me={me} wallpaper={visual.desktop_wallpaper} />}
    </div>
  );
}
