/** Messages of the Dashboards API that the web shows as they are. */
import { MESSAGES } from '../messages';

/** The wording of the Dashboards API and views. */
export const DASHBOARD_MESSAGES = {
  /** spec §8: a wrong password on a shared link (401, title 'Error'). */
  wrongPassword: MESSAGES.wrongDashboardPassword,
  wrongPasswordTitle: 'Error',
  linkRevoked: 'This dashboard link has been revoked',
  linkExpired: 'This dashboard link has expired',
  linkUnknown: 'There is no shared dashboard at this link',
  shareTokenInvalid: 'The link session has ended; please enter the password again',
  tooManyAttempts: 'Too many wrong passwords. Try again in a few minutes.',
  passwordHint:
    'The password is stored hashed and was shown once when it was set; set or regenerate it to share a new one',
  readOnly: 'A shared dashboard is read-only',
  confirmationRequired: 'Please confirm before sending this command',
  /** spec §8: a widget whose data fails to load. */
  widgetLoadError: MESSAGES.widgetLoadError,
} as const;
