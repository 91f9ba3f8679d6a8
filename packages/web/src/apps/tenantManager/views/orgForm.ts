/** The organization form's values, rules and server-error mapping, kept apart from its JSX. */
import {
  APP_KEYS,
  type AppKey,
  DEFAULT_ORG_LIMITS,
  ORG_SLUG_HINT,
  ORG_SLUG_PATTERN,
  type Organization,
  type OrganizationBody,
  type OrgLimits,
  orgLimitsSchema,
} from '@ferrite/contracts';
import type { ApiProblem } from '../../../app/baseQuery';

/** NumberInput hands back '' while a box is empty, hence the string. */
type LimitsInput = Record<keyof OrgLimits, number | string>;

export interface OrgFormValues {
  name: string;
  slug: string;
  apps: AppKey[];
  limits: LimitsInput;
}

export const LIMIT_LABELS: Record<keyof OrgLimits, string> = {
  users: 'Users',
  gateways: 'Gateways',
  data_retention_days: 'Data retention (days)',
};

/** The form's starting values: an organization's own, or the defaults for a new one. */
export function orgFormValues(org?: Organization): OrgFormValues {
  return {
    name: org?.name ?? '',
    slug: org?.slug ?? '',
    apps: org ? [...org.apps] : [...APP_KEYS],
    limits: { ...(org?.limits ?? DEFAULT_ORG_LIMITS) },
  };
}

// The bounds come from the contract, so the hint and the server never disagree.
function limitRule(key: keyof OrgLimits) {
  const field = orgLimitsSchema.shape[key];
  const min = field.minValue ?? 0;
  const max = field.maxValue ?? Number.MAX_SAFE_INTEGER;
  return (value: number | string) => {
    if (value === '' || value === null || value === undefined)
      return `Please enter ${LIMIT_LABELS[key].toLowerCase()}`;
    const n = Number(value);
    if (!Number.isInteger(n)) return 'Use a whole number';
    if (n < min || n > max) return `Between ${min.toLocaleString('en')} and ${max.toLocaleString('en')}`;
    return null;
  };
}

/** Client rules with the contract's messages; the server checks again and may add its own. */
export const orgFormRules = {
  name: (value: string) => (value.trim().length >= 2 ? null : 'Please enter the organization name'),
  slug: (value: string) => (ORG_SLUG_PATTERN.test(value.trim()) ? null : ORG_SLUG_HINT),
  limits: {
    users: limitRule('users'),
    gateways: limitRule('gateways'),
    data_retention_days: limitRule('data_retention_days'),
  },
};

/** The request body for the values (valid ones: rules ran first). */
export function orgFormBody(values: OrgFormValues): OrganizationBody {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    // Registry order, whatever order they were switched on in.
    apps: APP_KEYS.filter((key) => values.apps.includes(key)),
    limits: {
      users: Number(values.limits.users),
      gateways: Number(values.limits.gateways),
      data_retention_days: Number(values.limits.data_retention_days),
    },
  };
}

/**
 * Field errors for the form from a failed save: the server's `errors` paths ('body.limits.users')
 * become form paths ('limits.users'); a 409 is the URL being taken. Null when none fits a field.
 */
export function serverFieldErrors(problem: ApiProblem): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const { path, message } of problem.errors ?? []) {
    const field = path.replace(/^body\.?/, '');
    if (field) errors[field] = message;
  }
  if (problem.status === 409) errors.slug = problem.detail || problem.title;
  return Object.keys(errors).length > 0 ? errors : null;
}
