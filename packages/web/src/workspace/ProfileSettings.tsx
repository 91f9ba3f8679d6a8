/** The Profile tab: who you are in this organization, and your avatar (1..24, default 9). */
import { DEFAULT_AVATAR, type MeResponse } from '@ferrite/contracts';
import { Avatar, Badge, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { avatarUrl } from './appearance';
import classes from './ProfileSettings.module.css';
import type { SaveSettings } from './SettingsModal';

const AVATARS = Array.from({ length: 24 }, (_, index) => index + 1);

/** The profile card and the avatar picker. */
export function ProfileSettings({ me, save }: { me: MeResponse; save: SaveSettings }) {
  return (
    <div>
      <Group className={classes.card} wrap="nowrap">
        <Avatar src={avatarUrl(me.avatar)} alt="" size={72} radius={999} className={classes.current} />
        <div className={classes.who}>
          <Text fw={700} size="lg" truncate>
            {me.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {me.email}
          </Text>
          <Group gap={6} mt={6}>
            <Badge variant="light" radius="sm">
              {me.org.name}
            </Badge>
            <Badge variant="outline" color="gray" radius="sm">
              {me.org.role}
            </Badge>
          </Group>
        </div>
      </Group>

      <Group justify="space-between" mt="lg" mb={8}>
        <Text fw={600} size="sm">
          Avatar
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          disabled={me.avatar === DEFAULT_AVATAR}
          onClick={() => save({ avatar: DEFAULT_AVATAR })}
        >
          Use the default
        </Button>
      </Group>
      <div className={classes.grid} role="radiogroup" aria-label="Avatar">
        {AVATARS.map((n) => (
          <UnstyledButton
            key={n}
            className={classes.option}
            role="radio"
            aria-checked={me.avatar === n}
            aria-label={`Avatar ${n}`}
            data-avatar={n}
            onClick={() => save({ avatar: n })}
          >
            <Avatar src={avatarUrl(n)} alt="" size={52} radius={999} />
          </UnstyledButton>
        ))}
      </div>
    </div>
  );
}
