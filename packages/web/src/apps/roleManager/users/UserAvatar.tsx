/** A member's avatar: the artwork they picked in their profile (1..24), initials while it loads. */
import { Avatar } from '@mantine/core';
import { avatarUrl } from '../../../workspace/appearance';

/** Up to two initials of a name (or of the e-mail when the name is empty). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0]}${words.at(-1)?.[0]}` : (words[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

/** The avatar circle of a person. */
export function UserAvatar({ name, avatar, size = 32 }: { name: string; avatar?: number; size?: number }) {
  return (
    <Avatar
      size={size}
      radius="xl"
      src={avatar ? avatarUrl(avatar) : undefined}
      alt=""
      color="initials"
      name={name}
    >
      {/* Two letters do not fit a tiny circle; one reads better than two clipped. */}
      {size < 24 ? initials(name).slice(0, 1) : initials(name)}
    </Avatar>
  );
}
