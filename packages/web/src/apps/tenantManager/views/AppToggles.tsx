/** The organization's apps as a grid of switches, each with the app's tile and description. */
import { APP_KEYS, APPS, type AppKey } from '@ferrite/contracts';
import { Anchor, Group, SimpleGrid, Switch, Text } from '@mantine/core';
import { AppTile } from '../../../workspace/AppTile';
import classes from './views.module.css';

interface AppTogglesProps {
  value: AppKey[];
  onChange: (apps: AppKey[]) => void;
  disabled?: boolean;
  /** Offers "All / None" links above the grid. */
  withBulk?: boolean;
  /** Grid columns at full width. */
  cols?: number;
  /** Title only, smaller tiles: for forms, where the grid must not push the buttons off screen. */
  compact?: boolean;
}

/** One switch per app in registry order; the value keeps registry order too. */
export function AppToggles({ value, onChange, disabled, withBulk, cols = 2, compact }: AppTogglesProps) {
  const toggle = (key: AppKey, on: boolean) =>
    onChange(APP_KEYS.filter((k) => (k === key ? on : value.includes(k))));
  return (
    <div>
      {withBulk && (
        <Group gap="xs" mb="xs" justify="flex-end">
          <Text size="xs" c="dimmed">
            {value.length} of {APP_KEYS.length} apps
          </Text>
          <Anchor component="button" type="button" size="xs" onClick={() => onChange([...APP_KEYS])}>
            All
          </Anchor>
          <Anchor component="button" type="button" size="xs" onClick={() => onChange([])}>
            None
          </Anchor>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: cols }} spacing="xs" verticalSpacing="xs">
        {APP_KEYS.map((key) => {
          const on = value.includes(key);
          return (
            <Switch
              key={key}
              checked={on}
              disabled={disabled}
              onChange={(event) => toggle(key, event.currentTarget.checked)}
              aria-label={APPS[key].title}
              labelPosition="left"
              // The whole row is the switch's label, so a click anywhere on it toggles the app.
              label={
                <span className={classes.appToggleLabel}>
                  <AppTile appKey={key} size={compact ? 24 : 32} />
                  <span className={classes.appToggleText}>
                    <Text span display="block" size="sm" fw={500} lh={1.3} truncate={compact}>
                      {APPS[key].title}
                    </Text>
                    {!compact && (
                      <Text span size="xs" c="dimmed" lh={1.3} lineClamp={2}>
                        {APPS[key].description}
                      </Text>
                    )}
                  </span>
                </span>
              }
              wrapperProps={{ 'data-compact': compact || undefined, 'data-app-toggle': key }}
              classNames={{
                root: classes.appToggle,
                body: classes.appToggleBody,
                labelWrapper: classes.appToggleWrapper,
              }}
            />
          );
        })}
      </SimpleGrid>
    </div>
  );
}
