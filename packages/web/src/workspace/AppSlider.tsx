/** The app slider: an Alt+Tab-like strip of open and recent apps, driven by arrows and Enter. */
import type { AppKey } from '@ferrite/contracts';
import { Modal, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { APP_MANIFESTS } from '../apps/registry';
import classes from './AppSlider.module.css';
import { LaunchTile } from './ComingSoon';
import { sliderEntries } from './sliderEntries';
import { launchApp } from './thunks';
import { setSliderOpen } from './workspaceUiSlice';

/** The slider overlay; Escape or a click outside closes it. */
export function AppSlider({ apps }: { apps: AppKey[] }) {
  const dispatch = useAppDispatch();
  const opened = useAppSelector((state) => state.workspaceUi.sliderOpen);
  const windows = useAppSelector((state) => state.windows);
  const recentApps = useAppSelector((state) => state.recentApps);
  const entries = sliderEntries({ windows, recentApps }, apps);
  const strip = useRef<HTMLDivElement>(null);
  // Like Alt+Tab, Enter goes back to the previous app: the front one is already where you are.
  const preselected = entries.length > 1 && entries[0]?.status === 'Open' ? 1 : 0;

  // Arrow keys walk the strip the way Alt+Tab walks windows.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const cards = [...(strip.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = cards.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    cards[(at + step + cards.length) % cards.length]?.focus();
    event.preventDefault();
  };

  return (
    // The parts, not <Modal>: only Modal.Content (the element with role="dialog") takes the name;
    // on <Modal> an aria-label lands on a role-less wrapper and the dialog stays unnamed.
    <Modal.Root
      opened={opened}
      onClose={() => dispatch(setSliderOpen(false))}
      // Mantine's return would pull focus out of the window just brought forward; ui/focusReturn
      // gives it back to the opener when the slider closes with nothing chosen.
      returnFocus={false}
      centered
      size="auto"
      radius="xl"
      padding="lg"
    >
      <Modal.Overlay backgroundOpacity={0.35} blur={3} />
      <Modal.Content className={classes.content} aria-label="Switch apps">
        <Modal.Body>
          <Text className={classes.heading}>Switch apps</Text>
          {entries.length === 0 ? (
            <Text c="dimmed" size="sm" py="md" px="xl" ta="center">
              No open or recent apps yet. Open one from the launcher.
            </Text>
          ) : (
            <div className={classes.strip} ref={strip} onKeyDown={onKeyDown} role="toolbar" aria-label="Apps">
              {entries.map(({ key, status }, index) => (
                <UnstyledButton
                  key={key}
                  className={classes.card}
                  data-slider-app={key}
                  data-autofocus={index === preselected || undefined}
                  onClick={() => dispatch(launchApp(key))}
                >
                  <LaunchTile appKey={key} size={56} />
                  <Text fw={600} size="sm" ta="center" lh={1.25}>
                    {APP_MANIFESTS[key].title}
                  </Text>
                  <Text size="xs" c="dimmed" data-status={status}>
                    {status}
                  </Text>
                </UnstyledButton>
              ))}
            </div>
          )}
          <Text size="xs" c="dimmed" ta="center" mt="md">
            ← → to move · Enter to open · Esc to close
          </Text>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
