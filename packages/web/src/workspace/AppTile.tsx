/** An app's icon on a gradient tile in its accent colour, used by the desktop, launcher and slider. */
import type { AppKey } from '@ferrite/contracts';
import { ThemeIcon } from '@mantine/core';
import { APP_MANIFESTS } from '../apps/registry';

/** The app's tile at a size in px. */
export function AppTile({ appKey, size = 48 }: { appKey: AppKey; size?: number }) {
  const { icon: Icon, color } = APP_MANIFESTS[appKey];
  return (
    <ThemeIcon
      size={size}
      radius={Math.round(size * 0.28)}
      variant="gradient"
      gradient={{ from: `${color}.7`, to: `${color}.4`, deg: 135 }}
      aria-hidden
    >
      <Icon size={Math.round(size * 0.56)} stroke={1.6} />
    </ThemeIcon>
  );
}
