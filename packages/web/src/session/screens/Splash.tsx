/** Full-page wait while a stored session is checked or a route loads. */
import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred loader with an optional line of text. */
export function Splash({ label }: { label?: string }) {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader type="bars" aria-label={label ?? 'Loading'} />
        {label && (
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
