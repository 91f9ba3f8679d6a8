/** Frame of the anonymous shared views: brand header, the page, the brand's copyright. */
import { Anchor, Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../brand/BrandLogo';
import { useBrand } from '../brand/useBrand';
import { ColorSchemeToggle } from '../session/screens/ColorSchemeToggle';
import pickerClasses from '../session/screens/OrgPicker.module.css';

/** Header, content and footer of a public page. */
export function PublicViewLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return (
    <Stack gap={0} className={pickerClasses.page}>
      <Box
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" px="xl" py="sm">
          <BrandLogo height={30} />
          <Group gap="sm">
            <Button
              component={Link}
              to="/user/login"
              variant="default"
              leftSection={<IconLogin2 size={16} />}
            >
              Sign in
            </Button>
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Box>
      <Container size="md" w="100%" py={64} style={{ flex: 1 }}>
        {children}
      </Container>
      <Group justify="center" py="md">
        <Text size="xs" c="dimmed">
          {brand.copyright} ·{' '}
          <Anchor href={brand.contactLink} size="xs" c="dimmed">
            Contact
          </Anchor>
        </Text>
      </Group>
    </Stack>
  );
}
