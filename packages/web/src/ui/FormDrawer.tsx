/** An editor drawer: a titled form on the right, Cancel/Save (and extras such as Delete) pinned below. */
import { Alert, Button, Drawer, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import classes from './FormDrawer.module.css';

interface FormDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  submitting?: boolean;
  onSubmit: () => void;
  /** Without the right to save, the drawer shows the form read-only with just Close. */
  readOnly?: boolean;
  /** A problem the fields cannot show (a 409, a cycle): shown above the fields. */
  problem?: { title: string; detail?: string } | null;
  /** Left of the footer, e.g. Delete. */
  footerStart?: ReactNode;
  size?: string | number;
  testId?: string;
  children: ReactNode;
}

/** A right-hand drawer holding one form; Escape or Cancel closes without saving. */
export function FormDrawer(props: FormDrawerProps) {
  const { opened, onClose, title, description, submitLabel, submitting, readOnly, problem, children } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!readOnly) props.onSubmit();
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={props.size ?? 'lg'}
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
      data-testid={props.testId}
    >
      <form className={classes.form} onSubmit={submit} noValidate>
        <div className={classes.fields}>
          {problem && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={problem.title}
              data-testid="editor-problem"
            >
              {problem.detail}
            </Alert>
          )}
          {children}
        </div>
        <Group className={classes.footer} justify="space-between" gap="sm">
          <Group gap="sm">{props.footerStart}</Group>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {readOnly ? 'Close' : 'Cancel'}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={submitting}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Group>
      </form>
    </Drawer>
  );
}
