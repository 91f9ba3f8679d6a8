/** The split layout of the sign-in screens: brand carousel left, the form column right. */
import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../brand/BrandLogo';
import { LoginCarousel } from '../../brand/LoginCarousel';
import { useBrand } from '../../brand/useBrand';
import classes from './auth.module.css';
import { ColorSchemeToggle } from './ColorSchemeToggle';

/** Wraps a sign-in, sign-up, password or invitation screen. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return (
    <div className={classes.page}>
      <aside className={classes.art}>
        <LoginCarousel />
      </aside>
      <main className={classes.panel}>
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/user/login" aria-label={`${brand.name} sign-in`} underline="never">
            <BrandLogo height={34} />
          </Anchor>
          <ColorSchemeToggle />
        </Group>
        <div className={classes.content}>{children}</div>
        <footer className={classes.footer}>
          <Text size="xs" c="dimmed">
            {brand.copyright}
          </Text>
          <Anchor href={brand.contactLink} size="xs" c="dimmed">
            Contact us
          </Anchor>
        </footer>
      </main>
    </div>
  );
}
