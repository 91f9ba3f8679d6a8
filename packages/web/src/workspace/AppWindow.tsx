/** One app's window: title bar, section sidebar and the app's current section, filling the desktop. */
import { APPS, type VisualSettings } from '@ferrite/contracts';
import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconMinus, IconX } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { APP_MANIFESTS } from '../apps/registry';
import { useBrand } from '../brand';
import { AppTile } from './AppTile';
import classes from './AppWindow.module.css';
import { focusApp } from './thunks';
import { WindowSidebar } from './WindowSidebar';
import { type AppWindowState, closeApp, focusedApp, hideApp, setCurrentSection } from './windowsSlice';

interface AppWindowProps {
  window: AppWindowState;
  sidebarColor: VisualSettings['sidebar_color'];
}

/** A maximized (or minimized, then hidden) app window; closed apps are not rendered at all. */
export function AppWindow({ window, sidebarColor }: AppWindowProps) {
  const dispatch = useAppDispatch();
  const brand = useBrand();
  const { appKey, appName, appState, appZindex, currentSection } = window;
  const isFront = useAppSelector((state) => focusedApp(state.windows) === appKey);
  const ref = useRef<HTMLElement>(null);
  const manifest = APP_MANIFESTS[appKey];
  const AppView = manifest.component;
  // From the registry, not the menu's list: a hidden section an app led to still names itself.
  const section = APPS[appKey].sections.find((s) => s.key === currentSection);
  const backdrop = brand.moduleBackgrounds[appKey];

  // Keyboard users land in the window they just brought forward.
  useEffect(() => {
    const node = ref.current;
    if (isFront && node && !node.contains(document.activeElement)) node.focus({ preventScroll: true });
  }, [isFront]);

  const style = {
    zIndex: appZindex,
    '--window-backdrop': backdrop ? `url("${backdrop}")` : undefined,
  } as CSSProperties;

  return (
    <section
      ref={ref}
      className={classes.window}
      data-app-key={appKey}
      data-app-state={appState}
      data-section={currentSection}
      data-testid="app-window"
      aria-label={appName}
      tabIndex={-1}
      // Closing or minimizing gives focus back to what opened the window (ui/focusReturn).
      data-focus-scope
      hidden={appState !== 'maximize'}
      // Windows behind the front one are fully covered: keep them out of the tab order too.
      inert={!isFront}
      style={style}
      onPointerDown={() => dispatch(focusApp(appKey))}
    >
      <header className={classes.titleBar}>
        <AppTile appKey={appKey} size={26} />
        <Text className={classes.title} fw={600}>
          {appName}
        </Text>
        {section && (
          <>
            <IconChevronRight size={14} className={classes.crumbSep} aria-hidden />
            <Text className={classes.sectionName} data-testid="window-section">
              {section.label}
            </Text>
          </>
        )}
        <div className={classes.controls}>
          <Tooltip label="Minimize" withArrow openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Minimize"
              onClick={() => dispatch(hideApp(appKey))}
            >
              <IconMinus size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Close" withArrow openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              className={classes.close}
              aria-label="Close"
              onClick={() => dispatch(closeApp(appKey))}
            >
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </div>
      </header>
      <div className={classes.frame}>
        <WindowSidebar window={window} theme={sidebarColor} />
        <div className={classes.body} data-backdrop={backdrop ? true : undefined}>
          <AppView
            section={currentSection}
            onNavigate={(next) => dispatch(setCurrentSection({ appKey, section: next }))}
          />
        </div>
      </div>
    </section>
  );
}
