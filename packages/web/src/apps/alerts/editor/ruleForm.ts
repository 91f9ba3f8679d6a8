/**
 * The rule editor's model: a rule's body (contracts RuleBody, the shape the API takes), how a new rule
 * starts, how a saved rule turns back into a body, and how the server's field errors find their fields.
 */
import {
  type AlertGrouping,
  type AlertMedium,
  type AlertRule,
  type AlertSeverity,
  type Condition,
  DEFAULT_ALERT_MESSAGE,
  type Recipients,
  type RuleAction,
  type RuleClear,
  type RulePolicy,
  type RuleSchedule,
  type RuleScope,
} from '@ferrite/contracts';

/** Everything the editor edits, every field present (the API's body with defaults filled in). */
export interface RuleDraft {
  rule_name: string;
  description: string;
  severity: AlertSeverity;
  enabled: boolean;
  message: string;
  data: {
    scope: RuleScope | null;
    condition: Condition;
    for_s: number;
    clear: RuleClear;
    schedule: RuleSchedule | null;
  };
  policy: RulePolicy;
  grouping: AlertGrouping;
  media: AlertMedium[];
  recipients: Recipients;
  actions: RuleAction[];
}

/** How a new rule starts: one comparison in an AND group, in-app to nobody yet. */
export function newRuleDraft(): RuleDraft {
  return {
    rule_name: '',
    description: '',
    severity: 'major',
    enabled: true,
    message: DEFAULT_ALERT_MESSAGE,
    data: {
      scope: null,
      condition: { op: 'all', conditions: [{ op: 'gt', param: '', value: 0 }] },
      for_s: 0,
      clear: { kind: 'inverse' },
      schedule: null,
    },
    policy: {
      name: 'Default',
      group_wait_s: 0,
      group_interval_s: 300,
      repeat_interval_s: 3600,
      escalation: [],
    },
    grouping: 'sensor',
    media: ['in_app'],
    recipients: { user_ids: [], group_ids: [], addresses: [] },
    actions: [],
  };
}

/** A saved rule as the editor's draft. */
export function draftOfRule(rule: AlertRule): RuleDraft {
  return {
    rule_name: rule.rule_name,
    description: rule.description,
    severity: rule.severity,
    enabled: rule.enabled,
    message: rule.message,
    data: { ...rule.data, scope: rule.data.scope },
    policy: rule.policy,
    grouping: rule.grouping,
    media: rule.media,
    recipients: rule.recipients,
    actions: rule.actions,
  };
}

/** The body the API takes (a draft without a scope still goes: the server names the missing field). */
export function bodyOfDraft(draft: RuleDraft) {
  return draft as unknown as import('@ferrite/contracts').RuleBody;
}

/** A saved rule's body, e.g. to flip `enabled` from the list. */
export function bodyOfRule(rule: AlertRule, change: Partial<RuleDraft> = {}) {
  return bodyOfDraft({ ...draftOfRule(rule), ...change });
}
