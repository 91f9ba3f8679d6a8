/**
 * What every Alerts call shares: argument shapes, the URL prefix and cache tags (the paging params and
 * helpers every app shares are in app/apiKit.ts). Reads are `silent`: spec §8 says a failed alert fetch
 * shows no toast, the view keeps its empty or previous state.
 */
import { api } from '../../../app/api';
import type { OrgArg } from '../../../app/apiKit';
import type { FerriteExtraOptions } from '../../../app/baseQuery';

/** Calls about one alert. */
export interface AlertArg extends OrgArg {
  alertId: string;
}
/** Calls about one rule. */
export interface RuleArg extends OrgArg {
  ruleId: string;
}

/** /alert/orgs/{orgId}, the prefix of every Alerts call (spec §7). */
export const alertBase = (orgId: string) => `/alert/orgs/${orgId}`;
/** …/alert/{alertId}{rest}. */
export const alertUrl = ({ orgId, alertId }: AlertArg, rest = '') =>
  `${alertBase(orgId)}/alert/${alertId}${rest}`;
/** …/rules/{ruleId}{rest}. */
export const ruleUrl = ({ orgId, ruleId }: RuleArg, rest = '') =>
  `${alertBase(orgId)}/rules/${ruleId}${rest}`;

/** Reads whose failure the view swallows (spec §8), and whose 403 is "may not", not "signed out". */
export const SILENT: FerriteExtraOptions = { silent: true, skipForbiddenRedirect: true };

/** The app's API with its cache tags added. */
export const alertsApi = api.enhanceEndpoints({
  addTagTypes: ['Alerts', 'Alert', 'AlertRules', 'AlertSilences', 'AlertInbox', 'AlertPickers'],
});
