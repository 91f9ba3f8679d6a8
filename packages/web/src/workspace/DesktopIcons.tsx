/** The organization's apps as desktop icons; activating one opens the app. */
import type { AppKey } from '@ferrite/contracts';
import { Text, UnstyledButton } from '@mantine/core';
import { useAppDispatch } from '../app/hooks';
import { APP_MANIFESTS } from '../apps/registry';
import { LaunchTile } from './ComingSoon';
import classes from './DesktopIcons.module.css';
import { launchApp } from './thunks';

/** A column-first grid of app icons, like a desktop. */
export function DesktopIcons({ apps }: { apps: AppKey[] }) {
  const dispatch = useAppDispatch();
  return (
    <nav className={classes.grid} aria-label="Desktop apps">
      {apps.map((key) => (
        <UnstyledButton
          key={key}
          className={classes.icon}
          data-app-key={key}
          data-testid="desktop-icon"
          onClick={() => dispatch(launchApp(key))}
        >
          <LaunchTile appKey={key} size={52} />
          <Text className={classes.label}>{APP_MANIFESTS[key].title}</Text>
        </UnstyledButton>
      ))}
    </nav>
  );
}
