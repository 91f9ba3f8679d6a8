/** The settings modal: Appearance (with the date format) and Profile tabs, each change saved at once to PUT /me/settings. */
import type { MeResponse, UpdateSettingsBody } from '@ferrite/contracts';
import { Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPalette, IconUserCircle } from '@tabler/icons-react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { AppearanceSettings } from './AppearanceSettings';
import { DateFormatSetting } from './DateFormatSetting';
import { ProfileSettings } from './ProfileSettings';
import { useUpdateSettingsMutation } from './profileApi';
import classes from './SettingsModal.module.css';
import { closeSettings, type SettingsTab, setSettingsTab } from './workspaceUiSlice';

/** Saves one change; the cached profile repaints the desktop before the server answers. */
export type SaveSettings = (body: UpdateSettingsBody) => void;

/** The modal, opened from the user menu. */
export function SettingsModal({ me }: { me: MeResponse }) {
  const dispatch = useAppDispatch();
  const { settingsOpen, settingsTab } = useAppSelector((state) => state.workspaceUi);
  const [update, status] = useUpdateSettingsMutation({ fixedCacheKey: 'settings-modal' });
  const save: SaveSettings = (body) => void update(body);

  return (
    <Modal
      opened={settingsOpen}
      onClose={() => dispatch(closeSettings())}
      title="Settings"
      size={680}
      radius="lg"
      padding="lg"
      centered
      classNames={{ title: classes.title, body: classes.body }}
    >
      <Tabs
        value={settingsTab}
        onChange={(tab) => tab && dispatch(setSettingsTab(tab as SettingsTab))}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="appearance" leftSection={<IconPalette size={16} />}>
            Appearance
          </Tabs.Tab>
          <Tabs.Tab value="profile" leftSection={<IconUserCircle size={16} />}>
            Profile
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="appearance">
          <Stack gap="lg">
            <AppearanceSettings visual={me.user_credentials.user_setting.visual_settings} save={save} />
            <DateFormatSetting data={me.user_credentials.user_setting.data_settings} save={save} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="profile">
          <ProfileSettings me={me} save={save} />
        </Tabs.Panel>
      </Tabs>
      <Group className={classes.footer} gap={6} aria-live="polite" data-testid="settings-status">
        {status.isLoading && (
          <>
            <Loader size={14} />
            <Text size="xs" c="dimmed">
              Saving…
            </Text>
          </>
        )}
        {status.isSuccess && (
          <>
            <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
            <Text size="xs" c="dimmed">
              Saved to your profile
            </Text>
          </>
        )}
        {status.isError && (
          <>
            <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" />
            <Text size="xs" c="red">
              Could not save; your previous setting is back.
            </Text>
          </>
        )}
        {status.isUninitialized && (
          <Text size="xs" c="dimmed">
            Changes apply and save as you make them.
          </Text>
        )}
      </Group>
    </Modal>
  );
}
