/** The taskbar: launcher button, app slider button, open apps, clock and the user menu. */
import type { AppKey, MeResponse, VisualSettings } from '@ferrite/contracts';
import { ActionIcon, Divider, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutCards } from '@tabler/icons-react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { APP_MANIFESTS } from '../apps/registry';
import { AlertBell } from './AlertBell';
import { AppTile } from './AppTile';
import { Clock } from './Clock';
import { Launcher } from './Launcher';
import { TOWARDS_DESKTOP } from './layout';
import classes from './Taskbar.module.css';
import { toggleFromTaskbar } from './thunks';
import { UserMenu } from './UserMenu';
import { focusedApp } from './windowsSlice';
import { setSliderOpen } from './workspaceUiSlice';

type Position = VisualSettings['taskbar_pos'];

interface TaskbarProps {
  apps: AppKey[];
  me: MeResponse;
  position: Position;
  inert?: boolean;
}

/** The bar docked on one side of the screen. */
export function Taskbar({ apps, me, position, inert }: TaskbarProps) {
  const dispatch = useAppDispatch();
  const windows = useAppSelector((state) => state.windows);
  const sliderOpen = useAppSelector((state) => state.workspaceUi.sliderOpen);
  const front = focusedApp(windows);
  const running = apps.filter((key) => windows[key].appState !== 'closed');
  const vertical = position === 'left' || position === 'right';
  const tip = TOWARDS_DESKTOP[position];

  return (
    <nav className={classes.bar} data-position={position} aria-label="Taskbar" inert={inert}>
      <div className={classes.start}>
        <Launcher apps={apps} position={position} />
        <Tooltip label="Switch apps (Alt+W)" position={tip} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="md"
            className={classes.tool}
            aria-label="Switch apps"
            aria-expanded={sliderOpen}
            onClick={() => dispatch(setSliderOpen(!sliderOpen))}
          >
            <IconLayoutCards size={22} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </div>
      <Divider orientation={vertical ? 'horizontal' : 'vertical'} className={classes.divider} />
      <ul className={classes.running} aria-label="Open apps">
        {running.map((key) => {
          const state = windows[key].appState;
          const active = key === front;
          return (
            <li key={key}>
              <Tooltip label={APP_MANIFESTS[key].title} position={tip} withArrow disabled={!vertical}>
                <UnstyledButton
                  className={classes.app}
                  data-taskbar-app={key}
                  data-active={active || undefined}
                  data-minimized={state === 'minimize' || undefined}
                  aria-pressed={active}
                  aria-label={vertical ? APP_MANIFESTS[key].title : undefined}
                  onClick={() => dispatch(toggleFromTaskbar(key))}
                >
                  <AppTile appKey={key} size={26} />
                  {!vertical && <span className={classes.appTitle}>{APP_MANIFESTS[key].title}</span>}
                </UnstyledButton>
              </Tooltip>
            </li>
          );
        })}
      </ul>
      <div className={classes.tray}>
        {apps.includes('alerts') && <AlertBell orgId={me.org.id} userId={me.id} tooltipPosition={tip} />}
        <Clock compact={vertical} tooltipPosition={tip} />
        <UserMenu me={me} position={tip} />
      </div>
    </nav>
  );
}
