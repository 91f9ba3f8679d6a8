/** The start button and its launcher: search, recent apps and every app of the organization. */
import type { AppKey, VisualSettings } from '@ferrite/contracts';
import { Image, Popover, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { APP_MANIFESTS } from '../apps/registry';
import { faviconOf, useBrand } from '../brand';
import { AppTile } from './AppTile';
import { ComingSoonMark, LaunchTile } from './ComingSoon';
import classes from './Launcher.module.css';
import { launchApp } from './thunks';
import { setLauncherOpen } from './workspaceUiSlice';

const OPENS_TOWARDS = {
  bottom: 'top-start',
  top: 'bottom-start',
  left: 'right-start',
  right: 'left-start',
} as const;
const RECENT_SHOWN = 4;

interface LauncherProps {
  apps: AppKey[];
  position: VisualSettings['taskbar_pos'];
}

/** The start button with the launcher panel it opens. */
export function Launcher({ apps, position }: LauncherProps) {
  const dispatch = useAppDispatch();
  const brand = useBrand();
  const opened = useAppSelector((state) => state.workspaceUi.launcherOpen);
  const recent = useAppSelector((state) => state.recentApps.apps);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const matches = apps.filter((key) => APP_MANIFESTS[key].title.toLowerCase().includes(needle));
  const recentApps = recent.filter((key) => apps.includes(key)).slice(0, RECENT_SHOWN);
  const close = () => dispatch(setLauncherOpen(false));

  return (
    <Popover
      opened={opened}
      onChange={(next) => dispatch(setLauncherOpen(next))}
      onClose={() => setQuery('')}
      position={OPENS_TOWARDS[position]}
      offset={12}
      width={440}
      radius="lg"
      shadow="xl"
      trapFocus
      // No returnFocus: Mantine's would pull focus out of the window just launched; ui/focusReturn
      // gives it back to this button when the launcher closes with nothing opened.
      closeOnEscape
    >
      <Popover.Target>
        <UnstyledButton
          className={classes.start}
          aria-label="Open launcher"
          aria-expanded={opened}
          // Where focus goes when a closed window's opener is gone (ui/focusReturn).
          data-focus-fallback
          data-active={opened || undefined}
          onClick={() => dispatch(setLauncherOpen(!opened))}
        >
          <Image src={faviconOf(brand)} alt="" w={26} h={26} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown className={classes.panel} data-testid="launcher" aria-label="Launcher">
        <TextInput
          data-autofocus
          placeholder="Search apps"
          aria-label="Search apps"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={(event) => {
            const first = matches[0];
            if (event.key === 'Enter' && first) dispatch(launchApp(first));
          }}
          radius="md"
          mb="md"
        />
        {!needle && recentApps.length > 0 && (
          <>
            <Text className={classes.heading}>Recent</Text>
            <div className={classes.recent}>
              {recentApps.map((key) => (
                <LauncherItem key={key} appKey={key} compact onLaunch={() => dispatch(launchApp(key))} />
              ))}
            </div>
          </>
        )}
        <Text className={classes.heading}>{needle ? 'Results' : 'All apps'}</Text>
        <ScrollArea.Autosize mah={460} type="auto" offsetScrollbars>
          <div className={classes.grid}>
            {matches.map((key) => (
              <LauncherItem key={key} appKey={key} onLaunch={() => dispatch(launchApp(key))} />
            ))}
          </div>
          {matches.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="lg">
              No app matches “{query.trim()}”.
            </Text>
          )}
        </ScrollArea.Autosize>
        <div className={classes.footer}>
          <Text size="xs" c="dimmed">
            {brand.copyright}
          </Text>
          <UnstyledButton className={classes.close} onClick={close}>
            <Text size="xs" c="dimmed">
              Esc to close
            </Text>
          </UnstyledButton>
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

function LauncherItem({
  appKey,
  compact,
  onLaunch,
}: {
  appKey: AppKey;
  compact?: boolean;
  onLaunch: () => void;
}) {
  return (
    <UnstyledButton
      className={compact ? classes.recentItem : classes.item}
      data-app-key={appKey}
      data-testid="launcher-item"
      data-launcher-group={compact ? 'recent' : 'all'}
      onClick={onLaunch}
    >
      {compact ? <AppTile appKey={appKey} size={30} /> : <LaunchTile appKey={appKey} size={44} />}
      <Text className={classes.itemLabel} size={compact ? 'sm' : 'xs'}>
        {APP_MANIFESTS[appKey].title}
      </Text>
      {/* A recent row has no room under its small tile: the mark follows the title. */}
      {compact && <ComingSoonMark appKey={appKey} />}
    </UnstyledButton>
  );
}
