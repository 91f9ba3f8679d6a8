/** The Role Manager's editor drawer: a titled form on the right with Cancel/Save pinned at the bottom. */
import { Button, Drawer, Group, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import classes from './FormDrawer.module.css';

interface FormDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  submitting?: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  size?: string | number;
  /** Names the drawer for tests and screen readers. */
  testId?: string;
  children: ReactNode;
}

/** A right-hand drawer holding one form; Escape or Cancel closes without saving. */
export function FormDrawer({
  opened,
  onClose,
  title,
  description,
  submitLabel,
  submitting,
  onSubmit,
  size = 'lg',
  testId,
  children,
}: FormDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={size}
      padding={0}
      radius="md"
      offset={8}
      title={
        <div>
          <Text fw={650} size="lg">
            {title}
          </Text>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
      }
      classNames={{ header: classes.header, body: classes.body, content: classes.content }}
      data-testid={testId}
    >
      <form className={classes.form} onSubmit={onSubmit} noValidate>
        <div className={classes.fields}>{children}</div>
        <Group className={classes.footer} justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Drawer>
  );
}
