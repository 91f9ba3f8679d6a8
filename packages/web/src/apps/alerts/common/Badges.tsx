/** How an alert's severity and status look everywhere in the app (SEVERITY_COLORS, one colour per status). */
import { type AlertSeverity, type AlertStatus, SEVERITY_COLORS } from '@ferrite/contracts';
import { Badge, type BadgeProps } from '@mantine/core';

/** Colour of each status: open ones loud, settled ones quiet. */
export const STATUS_COLORS: Record<AlertStatus, string> = {
  active: 'red',
  acknowledged: 'yellow',
  cleared: 'teal',
  resolved: 'gray',
};

/** A badge keeps its whole word: in a squeezed table column it is the column that gives way. */
const WHOLE = { minWidth: 'max-content' } as const;

/** Capitalized word for a key ("critical" → "Critical"). */
export function label(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, ' ');
}

/**
 * The fill and label colour of each severity's badge, for 4.5:1 at badge size in both schemes: the
 * darkest shade with white on the cold colours, dark text on the warm ones (white on orange or yellow
 * never reaches it).
 */
const SEVERITY_BADGE: Record<AlertSeverity, { fill: string; text: string }> = {
  critical: { fill: `${SEVERITY_COLORS.critical}.9`, text: 'white' },
  major: { fill: `${SEVERITY_COLORS.major}.6`, text: 'dark.9' },
  minor: { fill: `${SEVERITY_COLORS.minor}.5`, text: 'dark.9' },
  warning: { fill: `${SEVERITY_COLORS.warning}.9`, text: 'white' },
  info: { fill: `${SEVERITY_COLORS.info}.9`, text: 'white' },
};

/** A severity as a filled badge in its colour. */
export function SeverityBadge({ severity, ...props }: { severity: AlertSeverity } & BadgeProps) {
  return (
    <Badge
      color={SEVERITY_BADGE[severity].fill}
      c={SEVERITY_BADGE[severity].text}
      variant="filled"
      radius="sm"
      data-severity={severity}
      style={WHOLE}
      {...props}
    >
      {label(severity)}
    </Badge>
  );
}

/** A status as a light badge in its colour. */
export function StatusBadge({ status, ...props }: { status: AlertStatus } & BadgeProps) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      data-status={status}
      style={WHOLE}
      {...props}
    >
      {label(status)}
    </Badge>
  );
}

/** A thin bar in the severity's colour, at the left of a row or card. */
export function SeverityStripe({ severity }: { severity: AlertSeverity }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 4,
        alignSelf: 'stretch',
        minHeight: 28,
        borderRadius: 2,
        background: `var(--mantine-color-${SEVERITY_COLORS[severity]}-filled)`,
      }}
    />
  );
}
