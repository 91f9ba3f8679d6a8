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
    // The form comes first in the document, so it is the first Tab stop; CSS puts the brand bar above
    // it and the carousel on the left, where the eye expects them.
    <div className={classes.page}>
      <main className={classes.panel}>
        <div className={classes.content}>{children}</div>
        <Group className={classes.top} justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/user/login" aria-label={`${brand.name} sign-in`} underline="never">
            <BrandLogo height={34} />
          </Anchor>
          <ColorSchemeToggle />
        </Group>
        <footer className={classes.footer}>
          <Text size="xs" c="dimmed">
            {brand.copyright}
          </Text>
          <Anchor href={brand.contactLink} size="xs" c="dimmed">
            Contact us
          </Anchor>
        </footer>
      </main>
      <aside className={classes.art}>
        <LoginCarousel />
      </aside>
    </div>
  );
}
