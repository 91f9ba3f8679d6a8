/** The avatar menu on the taskbar: settings, lock screen, switch organization and sign out. */
import type { MeResponse } from '@ferrite/contracts';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsExchange, IconLock, IconLogout, IconPalette, IconUserCircle } from '@tabler/icons-react';
import { useAppDispatch } from '../app/hooks';
import { logout, switchOrganization } from '../session';
import { avatarUrl } from './appearance';
import classes from './UserMenu.module.css';
import { lock, openSettings } from './workspaceUiSlice';

/** The signed-in user's avatar opening a menu. */
export function UserMenu({
  me,
  position,
}: {
  me: MeResponse;
  position: 'top' | 'bottom' | 'left' | 'right';
}) {
  const dispatch = useAppDispatch();
  return (
    <Menu position={`${position}-end`} width={240} shadow="lg" radius="md" withArrow offset={10}>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={`Account menu for ${me.name}`}>
          <Avatar src={avatarUrl(me.avatar)} alt="" size={34} radius="xl" className={classes.avatar} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.header}>
          <Avatar src={avatarUrl(me.avatar)} alt="" size={40} radius="xl" />
          <div className={classes.who}>
            <Text fw={600} size="sm" truncate>
              {me.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {me.org.name}
            </Text>
          </div>
        </div>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconPalette size={16} />}
          onClick={() => dispatch(openSettings('appearance'))}
        >
          Settings
        </Menu.Item>
        <Menu.Item
          leftSection={<IconUserCircle size={16} />}
          onClick={() => dispatch(openSettings('profile'))}
        >
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} />} onClick={() => dispatch(lock())}>
          Lock screen
        </Menu.Item>
        <Menu.Divider />
        {/* Back to the org picker; this organization stays open until another is chosen. */}
        <Menu.Item
          leftSection={<IconArrowsExchange size={16} />}
          onClick={() => void dispatch(switchOrganization())}
        >
          Switch organization
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void dispatch(logout({ callServer: true }))}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
