/** The lock screen: wallpaper, clock, the user, and a password that unlocks (or a way out). */
import type { MeResponse, VisualSettings } from '@ferrite/contracts';
import { ActionIcon, Anchor, Avatar, FocusTrap, PasswordInput, Portal, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useAppDispatch } from '../app/hooks';
import { lockScreenLogout } from '../session';
import { avatarUrl, wallpaperBackground } from './appearance';
import classes from './LockScreen.module.css';
import { LOCK_STORAGE_KEY } from './lockPersistence';
import { useCheckPasswordMutation } from './profileApi';
import { formatDate, formatTime, useNow } from './useNow';
import { unlock } from './workspaceUiSlice';

function problemTitle(error: unknown): string {
  const status = (error as { status?: number }).status;
  if (status === 401 || status === 400) return 'That password is not right. Try again.';
  const title = (error as { title?: unknown }).title;
  return typeof title === 'string' ? title : 'Could not check the password. Try again.';
}

interface LockScreenProps {
  me: MeResponse;
  wallpaper: VisualSettings['desktop_wallpaper'];
}

/** Full-screen overlay above everything, including menus and modals. */
export function LockScreen({ me, wallpaper }: LockScreenProps) {
  const dispatch = useAppDispatch();
  const now = useNow();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checkPassword, { isLoading }] = useCheckPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setError(null);
    try {
      await checkPassword({ email: me.email, password }).unwrap();
      setPassword('');
      dispatch(unlock());
    } catch (failure) {
      setError(problemTitle(failure));
    }
  };

  const signOut = () => {
    localStorage.removeItem(LOCK_STORAGE_KEY);
    void dispatch(lockScreenLogout());
  };

  return (
    <Portal>
      <div
        className={classes.screen}
        style={{ background: wallpaperBackground(wallpaper) }}
        role="dialog"
        aria-modal="true"
        aria-label="Screen locked"
        data-testid="lock-screen"
      >
        <div className={classes.veil} />
        <FocusTrap active>
          <div className={classes.content}>
            <Text className={classes.time}>{formatTime(now)}</Text>
            <Text className={classes.date}>{formatDate(now)}</Text>
            <form className={classes.card} onSubmit={submit}>
              <Avatar src={avatarUrl(me.avatar)} alt="" size={96} radius={999} className={classes.avatar} />
              <Text className={classes.name}>{me.name}</Text>
              <Text className={classes.email}>{me.email}</Text>
              <div className={classes.row}>
                <PasswordInput
                  data-autofocus
                  className={classes.input}
                  placeholder="Password"
                  aria-label="Password"
                  autoComplete="current-password"
                  radius="xl"
                  size="md"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={error}
                />
                <ActionIcon
                  type="submit"
                  size={42}
                  radius="xl"
                  variant="white"
                  aria-label="Unlock"
                  loading={isLoading}
                  disabled={!password}
                >
                  <IconArrowRight size={20} />
                </ActionIcon>
              </div>
              <Anchor component="button" type="button" className={classes.signOut} onClick={signOut}>
                Sign out
              </Anchor>
            </form>
          </div>
        </FocusTrap>
      </div>
    </Portal>
  );
}
